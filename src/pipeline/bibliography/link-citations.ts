/**
 * `xml_citation`: in-text citations linked to the bibliography in the segments' markdown,
 * and the structured citation data the spec puts in the job's `metadata`.
 *
 * Numeric and alpha styles: a bracket of labels ("[3]", "[3, 7-9]", "[Gal09; Ha09]") is a
 * citation when every label in it names an entry (so "[0, 1]" intervals and array indexes
 * stay text); each label becomes a link to its entry ("\[[3](#ref-3), [7](#ref-7)\]"; a range
 * links its ends). A label glued to a word ("sp[8]", an array index) is not a citation.
 * Some templates cite numbers in parentheses ("Psyco (16)"): when the body has no bracket
 * citation at all, parenthesised label groups are read the same way, except after "Eq.",
 * "Figure", "Section" and the like, which number other things. Author-year style: a parenthesis holding "Surname ... Year" parts
 * ("(Smith et al., 2020; Lee 2019a)") and the narrative "Surname et al. (2020)" link each
 * part whose surname and year match one entry. The entry's segment gets an anchor
 * (`<a id="ref-3"></a>`) before its label, so the links resolve in the document's markdown.
 * Only markdown changes (the spec: "hyperlinks in-text citations in markdown"); content,
 * html and ocr stay as they were.
 */
import type { Segment } from '../../model/document.js';
import { findBibliography, type BibEntry, type Bibliography, type CitationStyle } from './find-bibliography.js';

export interface InTextCitation {
  /** The citation as printed ("[3, 7]", "(Smith et al., 2020)"). */
  text: string;
  segment_id: string;
  page_number: number;
  /** Ids of the entries it cites. */
  references: string[];
}

export interface CitationMetadata {
  style: CitationStyle;
  bibliography: BibEntry[];
  in_text: InTextCitation[];
}

export interface LinkedCitations {
  segments: Segment[];
  /** Null when the document has no bibliography this finds. */
  metadata: CitationMetadata | null;
}

const BRACKET_GROUP = /\[([A-Za-z0-9+.\-–,;\s]{1,80})\]/g;
const ROUND_GROUP = /\(([A-Za-z0-9+.\-–,;\s]{1,80})\)/g;
/** Words after which a parenthesised number names an equation, figure, step... */
const OTHER_NUMBERS = /\b(eqs?|equations?|fig|figs|figures?|tables?|sections?|sec|steps?|chapters?|ch|lines?|rules?|pp?|pages?|items?|cases?)\.?\s*$/i;
const PAREN_GROUP = /\(([^()]{3,200}?\b(?:1[89]\d{2}|20\d{2})[a-z]?)\)/g;
const NARRATIVE = /\b([A-Z][\p{L}'’\-]+)(?:\s+(?:et\s+al\.?|and\s+[A-Z][\p{L}'’\-]+|&\s+[A-Z][\p{L}'’\-]+))?\s+\((1[89]\d{2}|20\d{2})([a-z]?)\)/gu;

export function linkCitations(segments: readonly Segment[]): LinkedCitations {
  const bib = findBibliography(segments);
  if (!bib) return { segments: [...segments], metadata: null };
  const inText: InTextCitation[] = [];
  const body = segments.slice(0, bib.headingIndex);
  const round = bib.style !== 'author-year' && !body.some((s) => linkLabels(s, bib, false).citations.length > 0);
  const out = segments.map((s, i) => {
    if (i >= bib.headingIndex || s.segment_type === 'Table' || s.segment_type === 'Picture' || s.segment_type === 'Formula') return s;
    const found = bib.style === 'author-year' ? linkAuthorYear(s, bib) : linkLabels(s, bib, round);
    if (found.citations.length === 0) return s;
    inText.push(...found.citations);
    return { ...s, markdown: found.markdown };
  });
  // Anchors: one per entry, before its label in the segment where the entry starts.
  const bySegment = new Map<string, BibEntry[]>();
  for (const e of bib.entries) bySegment.set(e.segment_id, [...(bySegment.get(e.segment_id) ?? []), e]);
  const anchored = out.map((s) => {
    const entries = bySegment.get(s.segment_id);
    if (!entries) return s;
    let md = s.markdown;
    let from = 0;
    for (const e of entries) {
      const printed = bib.style === 'author-year' ? e.text.slice(0, 20) : `[${e.label}]`;
      let at = md.indexOf(printed, from);
      if (at < 0 && bib.style === 'numeric') at = md.indexOf(`${e.label}.`, from);
      if (at < 0) at = from; // the label is not verbatim in the markdown: anchor where we are
      const anchor = `<a id="${e.id}"></a>`;
      md = md.slice(0, at) + anchor + md.slice(at);
      from = at + anchor.length + 1;
    }
    return { ...s, markdown: md };
  });
  return { segments: anchored, metadata: { style: bib.style, bibliography: bib.entries, in_text: inText } };
}

/** The labels a bracket names ("3, 7-9" → 3, 7, 9 with the range's ends). */
function labelsOf(inner: string): Array<{ label: string; index: number }> | null {
  const out: Array<{ label: string; index: number }> = [];
  const re = /[A-Za-z0-9+.\-]+/g;
  for (const m of inner.matchAll(re)) {
    const parts = /^(\d+)[-–](\d+)$/.exec(m[0]);
    if (parts) {
      out.push({ label: parts[1]!, index: m.index });
      out.push({ label: parts[2]!, index: m.index + parts[1]!.length + 1 });
    } else out.push({ label: m[0], index: m.index });
  }
  // Separators only between labels: "[3 and 5]" or prose in brackets is not a citation.
  if (inner.replace(re, '').replace(/[\s,;–\-]/g, '') !== '') return null;
  return out.length ? out : null;
}

function linkLabels(s: Segment, bib: Bibliography, round: boolean): { markdown: string; citations: InTextCitation[] } {
  const byLabel = new Map(bib.entries.map((e) => [e.label, e]));
  const citations: InTextCitation[] = [];
  const markdown = s.markdown.replace(round ? ROUND_GROUP : BRACKET_GROUP, (whole, inner: string, offset: number, all: string) => {
    // Already a markdown link or image ("[text](url)", "![alt]"), or glued to a word: left alone.
    const before = all[offset - 1] ?? ' ';
    if ((!round && all[offset + whole.length] === '(') || /[\p{L}\p{N}_!\\\]]/u.test(before)) return whole;
    if (round && (offset === 0 || OTHER_NUMBERS.test(all.slice(Math.max(0, offset - 20), offset)) || all[offset - 1] === ']')) return whole;
    const labels = labelsOf(inner);
    if (!labels || !labels.every((l) => byLabel.has(l.label))) return whole;
    citations.push({ text: whole, segment_id: s.segment_id, page_number: s.page_number, references: [...new Set(labels.map((l) => byLabel.get(l.label)!.id))] });
    let linked = '';
    let at = 0;
    for (const l of labels) {
      linked += inner.slice(at, l.index) + `[${l.label}](#${byLabel.get(l.label)!.id})`;
      at = l.index + l.label.length;
    }
    return round ? `(${linked}${inner.slice(at)})` : `\\[${linked}${inner.slice(at)}\\]`;
  });
  return { markdown, citations };
}

function linkAuthorYear(s: Segment, bib: Bibliography): { markdown: string; citations: InTextCitation[] } {
  const citations: InTextCitation[] = [];
  const find = (surname: string, year: string): BibEntry | undefined => {
    const hits = bib.entries.filter((e) => e.year?.slice(0, 4) === year.slice(0, 4) && e.first_author?.toLowerCase() === surname.toLowerCase());
    // "Lee 2019a" and "Lee 2019b": the printed suffix decides; without one, only a single hit.
    return hits.length === 1 ? hits[0] : hits.find((e) => e.year === year);
  };
  let markdown = s.markdown.replace(PAREN_GROUP, (whole, inner: string) => {
    const refs: string[] = [];
    const linkedParts = inner.split(/;/).map((part) => {
      const m = /([A-Z][\p{L}'’\-]+)[^;]*?\b((?:1[89]\d{2}|20\d{2})[a-z]?)\b/u.exec(part);
      const e = m ? find(m[1]!, m[2]!) : undefined;
      if (!e || !m) return part;
      refs.push(e.id);
      const start = part.indexOf(m[0]);
      return `${part.slice(0, start)}[${m[0]}](#${e.id})${part.slice(start + m[0].length)}`;
    });
    if (refs.length === 0) return whole;
    citations.push({ text: whole, segment_id: s.segment_id, page_number: s.page_number, references: refs });
    return `(${linkedParts.join(';')})`;
  });
  markdown = markdown.replace(NARRATIVE, (whole, surname: string, year: string, suffix: string, offset: number, all: string) => {
    if (all[offset - 1] === '[') return whole; // linked by the parenthesis pass
    const e = find(surname, year + suffix);
    if (!e) return whole;
    citations.push({ text: whole, segment_id: s.segment_id, page_number: s.page_number, references: [e.id] });
    return `[${whole}](#${e.id})`;
  });
  return { markdown, citations };
}
