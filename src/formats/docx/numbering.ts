/**
 * Word list numbering (numbering.xml): numId → abstract definition → per-level format and
 * text ("%1.%2."), with counters kept per abstract list, the way Word continues a list
 * across paragraphs that share it, and `startOverride` restarting a num instance.
 * Produces the marker Word displays ("1.", "a)", "2.3", "•"), and whether it is ordered.
 */
import { child, children, type XmlNode } from '../office/xml-tree.js';

interface Level {
  fmt: string;
  text: string;
  start: number;
}

export interface ListMarker {
  ordered: boolean;
  marker: string;
  depth: number;
  /** Identifies the list instance (for grouping into one list). */
  listKey: string;
}

function roman(n: number): string {
  const table: Array<[number, string]> = [[1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'], [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i']];
  let out = '';
  for (const [v, s] of table) while (n >= v) (out += s), (n -= v);
  return out;
}

function letters(n: number): string {
  let s = '';
  while (n > 0) {
    n--;
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26);
  }
  return s;
}

function formatNumber(n: number, fmt: string): string {
  switch (fmt) {
    case 'lowerLetter': return letters(n);
    case 'upperLetter': return letters(n).toUpperCase();
    case 'lowerRoman': return roman(n);
    case 'upperRoman': return roman(n).toUpperCase();
    case 'bullet':
    case 'none': return '';
    default: return String(n);
  }
}

export class Numbering {
  private readonly abstracts = new Map<string, Level[]>();
  private readonly nums = new Map<string, { abstractId: string; starts: Map<number, number> }>();
  private readonly counters = new Map<string, number[]>();
  private readonly started = new Set<string>();

  constructor(tree: XmlNode | undefined) {
    const root = child(tree, 'w:numbering');
    for (const a of children(root, 'w:abstractNum')) {
      const levels: Level[] = [];
      for (const l of children(a, 'w:lvl')) {
        const i = Number(l.attrs['w:ilvl'] ?? levels.length);
        levels[i] = {
          fmt: child(l, 'w:numFmt')?.attrs['w:val'] ?? 'decimal',
          text: child(l, 'w:lvlText')?.attrs['w:val'] ?? '',
          start: Number(child(l, 'w:start')?.attrs['w:val'] ?? 1),
        };
      }
      this.abstracts.set(a.attrs['w:abstractNumId'] ?? '', levels);
    }
    for (const n of children(root, 'w:num')) {
      const starts = new Map<number, number>();
      for (const o of children(n, 'w:lvlOverride')) {
        const s = child(o, 'w:startOverride')?.attrs['w:val'];
        if (s !== undefined) starts.set(Number(o.attrs['w:ilvl'] ?? 0), Number(s));
      }
      this.nums.set(n.attrs['w:numId'] ?? '', { abstractId: child(n, 'w:abstractNumId')?.attrs['w:val'] ?? '', starts });
    }
  }

  /** Advances the list's counter and returns the marker; undefined for numId 0 / unknown. */
  next(numId: string, ilvl: number): ListMarker | undefined {
    const num = this.nums.get(numId);
    if (!num || numId === '0') return undefined;
    const levels = this.abstracts.get(num.abstractId);
    if (!levels) return undefined;
    const lvl = levels[ilvl] ?? levels[levels.length - 1];
    if (!lvl) return undefined;
    const key = num.abstractId;
    let counters = this.counters.get(key);
    if (!counters) this.counters.set(key, (counters = []));
    if (!this.started.has(numId)) {
      this.started.add(numId);
      for (const [l, s] of num.starts) counters[l] = s - 1;
    }
    counters[ilvl] = (counters[ilvl] ?? (lvl.start - 1)) + 1;
    counters.length = ilvl + 1; // deeper levels restart
    const ordered = lvl.fmt !== 'bullet' && lvl.fmt !== 'none';
    const marker = ordered
      ? lvl.text.replace(/%(\d)/g, (_, d: string) => {
          const i = Number(d) - 1;
          const l = levels[i];
          return formatNumber(counters![i] ?? l?.start ?? 1, l?.fmt ?? 'decimal');
        })
      : lvl.fmt === 'bullet' ? '•' : '';
    return { ordered, marker, depth: ilvl, listKey: `${key}` };
  }
}
