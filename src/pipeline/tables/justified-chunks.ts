/**
 * Words of a justified line set far apart are one chunk of text, not cells (issue 27, tables and
 * reading order). A narrow justified column spaces its words wider than the chunk gap
 * (text-pieces.ts, 0.75 em): each word became a chunk, every line of three prose columns
 * looked like a row of one-word cells, and the columns were claimed as a table of text (a
 * numbered list, a list of names and a paragraph side by side, bench/synthetic-columns.ts).
 * text-pieces.ts joins a line that is justified from end to end; a row of a strip can hold two
 * columns' lines (a strip is the page when its gutters are hidden by full-width elements), so
 * the test is made per run of chunks, as lines/justified-rows.ts makes it for line pieces:
 * - three chunks or more, each gap under 6 em, the gaps agreeing within 30 % (a row of a strip
 *   may hold two columns' lines: the gutter between them is a gap of another width, where a run
 *   ends);
 * - no chunk holds a normal word space (two words of one run, or pieces more than a quarter em
 *   apart): a table row with words in its cells keeps them;
 * - half the chunks hold a letter (a row of figures is a table's);
 * - a run of chunks of another line within three line heights ends where this one ends
 *   (within 2 pt) and starts no later: the column's right edge.
 * Two chunks (a two-word line stretched to its measure, "Nicholas          Gilman") have one
 * gap and nothing to compare: each is one word with a letter, both in one size, and they fill
 * the measure of a whole line nearby (a chunk of several words with the same two edges). Left
 * apart, three such lines of two columns made a table between them (bench seed 188).
 */
import { JUSTIFIED } from '../lines/justified-rows.js';
import { makeChunk, type Chunk, type TextLine } from './text-pieces.js';

interface Span {
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  line: number;
}

/** The smallest normal word space inside a chunk (Infinity when it has none). */
function innerSpace(c: Chunk): number {
  let least = Infinity;
  for (let i = 1; i < c.pieces.length; i++) {
    const a = c.pieces[i - 1]!, b = c.pieces[i]!;
    if (a.run === b.run) return 0;
    const gap = b.x0 - a.x1;
    if (gap > JUSTIFIED.wordSpaceEm * b.size) least = Math.min(least, gap);
  }
  return least;
}

/**
 * Whether chunks[from..to] could be one justified line: no chunk holds a normal word space, and
 * every gap is under the widest justified space and agrees with the others.
 */
class EvenRuns {
  readonly plain: boolean[];
  constructor(
    private readonly chunks: readonly Chunk[],
    private readonly size: number,
  ) {
    this.plain = chunks.map((c) => innerSpace(c) === Infinity);
  }
  /** The furthest chunk an even run starting at `from` reaches (`from` itself when none). */
  forward(from: number): number {
    if (!this.plain[from]) return from;
    let least = Infinity, most = 0, k = from;
    while (k + 1 < this.chunks.length && this.plain[k + 1]) {
      const gap = this.chunks[k + 1]!.x0 - this.chunks[k]!.x1;
      const lo = Math.min(least, gap), hi = Math.max(most, gap);
      if (gap > JUSTIFIED.maxSpaceEm * this.size || hi > JUSTIFIED.gapAgreement * lo) break;
      least = lo;
      most = hi;
      k++;
    }
    return k;
  }
  /** The first chunk of the longest even run ending at `to`. */
  backward(to: number): number {
    if (!this.plain[to]) return to;
    let least = Infinity, most = 0, k = to;
    while (k > 0 && this.plain[k - 1]) {
      const gap = this.chunks[k]!.x0 - this.chunks[k - 1]!.x1;
      const lo = Math.min(least, gap), hi = Math.max(most, gap);
      if (gap > JUSTIFIED.maxSpaceEm * this.size || hi > JUSTIFIED.gapAgreement * lo) break;
      least = lo;
      most = hi;
      k--;
    }
    return k;
  }
}

/**
 * Chunks i and i+1 could be a justified line of two words: one word each (no normal space),
 * in one size, each with a letter, under the widest justified space apart. One gap leaves
 * nothing to compare: the pair must fill a whole line's measure nearby (fills).
 */
function twoWords(row: readonly Chunk[], i: number, even: EvenRuns, size: number): boolean {
  const a = row[i], b = row[i + 1];
  if (!a || !b || !even.plain[i] || !even.plain[i + 1] || b.x0 - a.x1 > JUSTIFIED.maxSpaceEm * size) return false;
  const sa = a.pieces[0]!.size, sb = b.pieces[0]!.size;
  return Math.max(sa, sb) <= 1.15 * Math.min(sa, sb) && /\p{L}/u.test(a.text) && /\p{L}/u.test(b.text);
}

const lettered = (run: readonly Chunk[]) => run.filter((c) => /\p{L}/u.test(c.text)).length * 2 >= run.length;

/** Each line's chunks (lines of one strip, top to bottom) with justified runs joined into one chunk. */
export function joinJustifiedChunks(lines: readonly TextLine[], chunks: readonly Chunk[][]): Chunk[][] {
  const even = lines.map((l, k) => new EvenRuns(chunks[k]!, l.size));
  const pairAt = (k: number, i: number) => twoWords(chunks[k]!, i, even[k]!, lines[k]!.size);
  if (!chunks.some((row, k) => row.some((_, i) => even[k]!.forward(i) >= i + 2 || pairAt(k, i)))) return chunks.map((c) => c.slice());
  // The lines a column's edge may show: each chunk, reaching back over the longest even run
  // that ends with it (a justified line beside a justified one is split into words too).
  const spans: Span[] = chunks.flatMap((row, k) =>
    row.map((c, i) => {
      const first = row[even[k]!.backward(i)]!;
      return { x0: first.x0, x1: c.x1, top: lines[k]!.top, bottom: lines[k]!.bottom, line: k };
    }),
  );
  const endsAt = (s: Span): boolean => {
    const reach = JUSTIFIED.reachLines * (s.bottom - s.top);
    return spans.some(
      (o) =>
        o.line !== s.line &&
        o.top <= s.bottom + reach &&
        o.bottom >= s.top - reach &&
        Math.abs(o.x1 - s.x1) <= JUSTIFIED.edgeTolerance &&
        o.x0 <= s.x0 + JUSTIFIED.edgeTolerance,
    );
  };
  // A two-word line fills the measure of a whole line (one chunk of several words) nearby.
  const whole: Span[] = chunks.flatMap((row, k) => row.filter((c) => c.pieces.length > 1 && innerSpace(c) < Infinity).map((c) => ({ x0: c.x0, x1: c.x1, top: lines[k]!.top, bottom: lines[k]!.bottom, line: k })));
  const fills = (s: Span): boolean => {
    const reach = JUSTIFIED.reachLines * (s.bottom - s.top);
    const tol = JUSTIFIED.edgeTolerance;
    return whole.some((o) => o.line !== s.line && o.top <= s.bottom + reach && o.bottom >= s.top - reach && Math.abs(o.x0 - s.x0) <= tol && Math.abs(o.x1 - s.x1) <= tol);
  };
  return chunks.map((row, k) => {
    const out: Chunk[] = [];
    let i = 0;
    while (i < row.length) {
      let joined = false;
      for (let e = even[k]!.forward(i); e >= i + 2 && !joined; e--) {
        const run = row.slice(i, e + 1);
        const span = { x0: row[i]!.x0, x1: row[e]!.x1, top: lines[k]!.top, bottom: lines[k]!.bottom, line: k };
        if (lettered(run) && endsAt(span)) {
          out.push(makeChunk(run.flatMap((c) => c.pieces)));
          i = e + 1;
          joined = true;
        }
      }
      if (!joined && pairAt(k, i) && fills({ x0: row[i]!.x0, x1: row[i + 1]!.x1, top: lines[k]!.top, bottom: lines[k]!.bottom, line: k })) {
        out.push(makeChunk([...row[i]!.pieces, ...row[i + 1]!.pieces]));
        i += 2;
        joined = true;
      }
      if (!joined) out.push(row[i++]!);
    }
    return out;
  });
}

/** Chunks filling one column's measure from edge to edge, of this many distinct lines at least. */
const MIN_MEASURE_LINES = 4;

/**
 * Justified prose columns side by side: two columns of the block, one wholly beside the other,
 * each with at least four distinct lines of three words or more (half their characters lower
 * case letters) that start and end at the same two edges (within 2 pt), as justified lines fill
 * their measure. A table's cells are ragged on one side at least (left-aligned words,
 * right-aligned figures, centred headings); cells of equal width are of one length in a
 * fixed-pitch face (dates, codes, and names in capitals: a licence listing's "DELTA AIR LINES
 * INC" and "UNITED AIRLINES INC" share both edges, tables/tabula m27.pdf), which prose in lower
 * case is not. Prose columns with a list of names among them (a text's signatures)
 * had too few sentences running down to be told from a table (bench/synthetic-columns.ts).
 */
export function justifiedColumns(chunks: readonly Chunk[][], wordsOf: (text: string) => number): boolean {
  const full = chunks.flat().filter((c) => wordsOf(c.text) >= 3 && letterShare(c.text) >= 0.5);
  const measures: Chunk[] = [];
  for (const c of full) {
    if (measures.some((m) => same(m, c))) continue;
    const texts = new Set(full.filter((o) => same(o, c)).map((o) => o.text));
    if (texts.size >= MIN_MEASURE_LINES) measures.push(c);
  }
  return measures.some((a) => measures.some((b) => b.x0 > a.x1));
}

const same = (a: Chunk, b: Chunk) => Math.abs(a.x0 - b.x0) <= JUSTIFIED.edgeTolerance && Math.abs(a.x1 - b.x1) <= JUSTIFIED.edgeTolerance;

/** Letters' share of the text's characters, lower case letters counting alone. */
function letterShare(text: string): number {
  const chars = text.replace(/\s+/gu, '');
  return chars.length ? (chars.match(/\p{Ll}/gu) ?? []).length / chars.length : 0;
}
