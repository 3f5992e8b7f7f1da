/**
 * The bibliography of a parsed document (option `xml_citation`): the entries after a
 * "References" / "Bibliography" heading, split at their labels. Layout cuts a reference
 * list into segments that do not follow its entries (two entries in one segment, an entry's
 * tail in the next column's segment), so the list's text is read across the segments in
 * reading order and cut where a line starts a new entry: a bracketed label ("[12]",
 * "[Gal09]"), a number ("12."), or, for author-year lists, a line starting with a surname and
 * initials after a line that ended an entry. Each entry keeps the segment (and page) where
 * it starts, so in-text citations can link to it.
 */
import type { Segment } from '../../model/document.js';

export type CitationStyle = 'numeric' | 'alpha' | 'author-year';

export interface BibEntry {
  /** Anchor id used by the markdown links ("ref-12"). */
  id: string;
  /** The label as printed ("12", "Gal09"), or "Surname Year" for author-year lists. */
  label: string;
  text: string;
  segment_id: string;
  page_number: number;
  /** First author's surname as written, when found. */
  first_author?: string;
  year?: string;
  doi?: string;
  urls?: string[];
}

export interface Bibliography {
  style: CitationStyle;
  entries: BibEntry[];
  /** Index in the segment list of the heading; in-text citations are looked for before it. */
  headingIndex: number;
}

const HEADING = /^\s*(?:[\dIVXivx]+\.?\s+|[A-Z]\.?\s+)?(references?|bibliography|works cited|literature cited|cited literature|reference list|citations)\s*:?\s*$/i;
const BRACKET = /^\s*\[(\d{1,4}|[A-Za-z][A-Za-z+.\-]{0,12}\d{2,4}[a-z]?)\]\s*/;
const NUMBER = /^\s*(\d{1,4})[.)]\s+(?=\S)/;
/** "Smith, J." / "Smith J," / "van der Berg, A." / "Smith, John" at a line start. */
const AUTHOR_START = /^\s*((?:(?:van|von|de|der|den|di|da|le|la|du)\s+)*[A-Z][\p{L}'’\-]+),?\s+(?:[A-Z]\.|[A-Z][\p{L}\-]+,)/u;
const YEAR = /\b(1[89]\d{2}|20\d{2})[a-z]?\b/;
const DOI = /\b10\.\d{4,9}\/[^\s"<>]+[^\s"<>.,;)]/;
const URL = /\bhttps?:\/\/[^\s"<>]+[^\s"<>.,;)]/g;

/** Types that can hold reference-list text. */
const LIST_TYPES = new Set(['Text', 'ListItem', 'Footnote', 'SectionHeader', 'Caption']);

interface Line {
  text: string;
  segment: Segment;
}

export function findBibliography(segments: readonly Segment[]): Bibliography | null {
  let start = -1;
  for (let i = segments.length - 1; i >= 0; i--) {
    const s = segments[i]!;
    if ((s.segment_type === 'SectionHeader' || s.segment_type === 'Title' || s.segment_type === 'Text') && HEADING.test(s.content)) {
      start = i;
      break;
    }
  }
  if (start < 0) return null;
  const lines: Line[] = [];
  for (let i = start + 1; i < segments.length; i++) {
    const s = segments[i]!;
    if (s.segment_type === 'PageHeader' || s.segment_type === 'PageFooter') continue;
    // A heading that does not start an entry ends the list (an appendix after it).
    if ((s.segment_type === 'SectionHeader' || s.segment_type === 'Title') && !BRACKET.test(s.content) && !NUMBER.test(s.content) && !AUTHOR_START.test(s.content)) break;
    if (!LIST_TYPES.has(s.segment_type)) continue;
    for (const t of s.content.split('\n')) if (t.trim()) lines.push({ text: t.trim(), segment: s });
  }
  if (lines.length === 0) return null;
  const style = styleOf(lines);
  const entries = splitEntries(lines, style);
  return entries.length > 0 ? { style, entries, headingIndex: start } : null;
}

function styleOf(lines: readonly Line[]): CitationStyle {
  const bracket = lines.filter((l) => BRACKET.test(l.text));
  const numbered = lines.filter((l) => NUMBER.test(l.text)).length;
  if (bracket.length >= 2 && bracket.length >= numbered) return bracket.every((l) => /^\s*\[\d/.test(l.text)) ? 'numeric' : 'alpha';
  if (numbered >= 2) return 'numeric';
  return 'author-year';
}

function splitEntries(lines: readonly Line[], style: CitationStyle): BibEntry[] {
  const out: BibEntry[] = [];
  let cur: { label: string; parts: string[]; segment: Segment } | null = null;
  const flush = () => {
    if (cur) out.push(entryOf(cur.label, joinLines(cur.parts), cur.segment, style));
    cur = null;
  };
  const bracketLists = lines.some((l) => BRACKET.test(l.text));
  let expected = 1;
  for (const l of lines) {
    let label: string | null = null;
    let rest = l.text;
    const b = BRACKET.exec(l.text);
    const n = NUMBER.exec(l.text);
    if (b && bracketLists) {
      label = b[1]!;
      rest = l.text.slice(b[0].length);
    } else if (n && !bracketLists && style === 'numeric' && Math.abs(Number(n[1]) - expected) <= 2) {
      // Numbered lists: a number near the next expected one ("3." in a page range is not).
      label = n[1]!;
      rest = l.text.slice(n[0].length);
    } else if (style === 'author-year' && AUTHOR_START.test(l.text) && (cur === null || /[.)]$/.test((cur as { parts: string[] }).parts.at(-1) ?? ''))) {
      label = '';
    }
    if (label !== null) {
      flush();
      if (/^\d+$/.test(label)) expected = Number(label) + 1;
      cur = { label, parts: [rest], segment: l.segment };
    } else if (cur) (cur as { parts: string[] }).parts.push(l.text);
  }
  flush();
  const kept = out.filter((e) => e.text.length > 0);
  // Anchor ids are unique: author-year entries are numbered, a repeated label gets a suffix.
  const seen = new Map<string, number>();
  kept.forEach((e, i) => {
    if (style === 'author-year') {
      e.label = [e.first_author, e.year].filter(Boolean).join(' ');
      e.id = `ref-${i + 1}`;
    }
    const n = seen.get(e.id) ?? 0;
    seen.set(e.id, n + 1);
    if (n > 0) e.id = `${e.id}-${n + 1}`;
  });
  return kept;
}

/** Lines of one entry as one string; a hyphen that broke a word at a line end is removed. */
function joinLines(parts: readonly string[]): string {
  let s = '';
  for (const p of parts) {
    if (!s) s = p;
    else if (/[a-z]-$/.test(s) && /^[a-z]/.test(p)) s = s.slice(0, -1) + p;
    else if (/[/\-]$/.test(s) && /^\S+\.\w/.test(p)) s += p; // a URL broken after "/" or "-"
    else s += ' ' + p;
  }
  return s.trim();
}

function entryOf(label: string, text: string, segment: Segment, style: CitationStyle): BibEntry {
  const author = AUTHOR_START.exec(text)?.[1] ?? /^(?:[A-Z]\.\s*)+([A-Z][\p{L}'’\-]+)/u.exec(text)?.[1];
  const year = YEAR.exec(text)?.[0];
  const doi = DOI.exec(text)?.[0];
  const urls = [...text.matchAll(URL)].map((m) => m[0]);
  const idPart = style === 'author-year' ? '' : label.replace(/[^A-Za-z0-9]/g, '');
  const e: BibEntry = { id: `ref-${idPart}`, label, text, segment_id: segment.segment_id, page_number: segment.page_number };
  if (author) e.first_author = author;
  if (year) e.year = year;
  if (doi) e.doi = doi;
  if (urls.length) e.urls = urls;
  return e;
}
