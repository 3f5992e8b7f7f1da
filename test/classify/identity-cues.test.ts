/**
 * Boundary evidence from who wrote a page and in what language
 * (pipeline/page-classes/identity-cues.ts) and from a confident page of a kind the running
 * document lacks and from printed page numbers (boundaries.ts): the pure functions on text and page evidence, and through
 * the engine's split on generated PDFs, where two prose documents that differ only in their
 * language are cut, and one document in one language is kept whole.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { useSplitEngine } from './split-engine.js';
import type { DocItem } from '../../src/model/quire-document.js';
import { boundaryScore } from '../../src/pipeline/page-classes/boundaries.js';
import { domainsOf, languageChange, languageCounts, languageOf, letterheadChanges } from '../../src/pipeline/page-classes/identity-cues.js';
import { pageEvidence } from '../../src/pipeline/page-classes/page-evidence.js';
import { pageExtras, type PageExtras } from '../../src/pipeline/page-classes/page-extras.js';
import type { QuireDocument } from '../../src/model/quire-document.js';
import type { PageScore } from '../../src/pipeline/page-classes/score-pages.js';

const ENGLISH = [
  'The reservoir held steady through the spring months while rainfall stayed close to the long term average for the region.',
  'Engineers inspected the northern pumping station and replaced two worn valves before the summer demand increased.',
  'Household consumption rose slightly in June and July, mostly from garden watering during the warm spell of the year.',
  'Leakage repairs on the old town mains were finished ahead of schedule and saved an estimated volume each day.',
  'Water quality samples met every standard, with turbidity low after the filter beds were cleaned in April.',
  'The treatment works will trial a new dosing system next year to reduce the chemical use and the running costs.',
];
const GERMAN = [
  'Der Stausee blieb im Frühjahr stabil, und die Niederschläge lagen nahe am langjährigen Mittel für die Region.',
  'Die Ingenieure prüften das nördliche Pumpwerk und ersetzten zwei verschlissene Ventile vor dem Sommer.',
  'Der Verbrauch der Haushalte stieg im Juni und Juli leicht, vor allem durch das Gießen der Gärten in der Hitze.',
  'Die Reparaturen an den alten Leitungen der Stadt wurden vor dem Termin beendet und sparen jeden Tag Wasser.',
  'Die Proben zur Wasserqualität erfüllten jede Norm, und die Trübung war gering, nachdem die Filter gereinigt waren.',
  'Das Klärwerk wird im nächsten Jahr ein neues System erproben, um den Einsatz von Chemie und die Kosten zu senken.',
];

/** One page per entry: the paragraphs of that language, wrapped to one fixed frame, no header. */
async function prosePdf(languages: Array<'en' | 'de'>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const [n, lang] of languages.entries()) {
    const page = doc.addPage([612, 792]);
    const paras = lang === 'en' ? ENGLISH : GERMAN;
    let y = 720;
    for (const [k, para] of paras.entries()) {
      const line: string[] = [];
      const lines: string[] = [];
      for (const w of `${para} ${paras[(k + n) % paras.length]}`.split(' ')) {
        if (font.widthOfTextAtSize([...line, w].join(' '), 10.5) > 480) lines.push(line.splice(0).join(' '));
        line.push(w);
      }
      lines.push(line.join(' '));
      for (const l of lines) {
        page.drawText(l.replace(/[^\x20-\x7e\xa0-\xff]/g, ''), { x: 66, y, size: 10.5, font });
        y -= 14;
      }
      y -= 16;
    }
  }
  return doc.save();
}

const splitPages = useSplitEngine();

describe('language boundaries through the engine', () => {
  it('cuts where the language of otherwise alike documents changes', async () => {
    expect(await splitPages(await prosePdf(['en', 'en', 'de', 'de']))).toEqual([[1, 2], [3, 4]]);
  });

  it('keeps a document in one language whole', async () => {
    expect(await splitPages(await prosePdf(['de', 'de', 'de', 'de']))).toEqual([[1, 2, 3, 4]]);
  });
});

let nextId = 0;
function item(type: DocItem['type'], text: string, top: number): DocItem {
  return { id: `i${nextId++}`, type, text, prov: [{ pageNumber: 1, bbox: { left: 72, top, width: 400, height: 14 } }], confidence: null } as DocItem;
}
const SIZE = { width: 612, height: 792 };
const page = (header: string, body: string) => pageEvidence([item('SectionHeader', header, 40), item('Text', body, 300)], 1, SIZE);

describe('identity cues', () => {
  it('reads the registered names of domains, not file names or abbreviations', () => {
    expect([...domainsOf('Questions? billing@shop.example.co.uk or www.acme.com, see aws.amazon.com/contact-us/')].sort()).toEqual(['acme.com', 'amazon.com', 'example.co.uk']);
    expect(domainsOf('See report.pdf, e.g. the figures in fig.1 and the U.S. totals').size).toBe(0);
  });

  it('sees a change of letterhead only when both title zones name domains and share none', () => {
    const a = page('Northwind Supplies - orders@northwind.com', 'Thank you for your order.');
    const b = page('Contoso Ltd - www.contoso.org', 'Thank you for your order.');
    const a2 = page('Northwind Supplies - www.northwind.com/account', 'Thank you for your order.');
    const none = page('Statement of account', 'Thank you for your order.');
    expect(letterheadChanges(a, b)).toBe(true);
    expect(letterheadChanges(a, a2)).toBe(false);
    expect(letterheadChanges(a, none)).toBe(false);
  });

  it('tells a clear language and stays silent on short or mixed text', () => {
    expect(languageOf(languageCounts(ENGLISH.join(' ')))).toBe('en');
    expect(languageOf(languageCounts(GERMAN.join(' ')))).toBe('de');
    expect(languageOf(languageCounts('Der Stausee and the reservoir'))).toBeNull();
    expect(languageOf(languageCounts(`${ENGLISH.slice(0, 3).join(' ')} ${GERMAN.slice(0, 3).join(' ')}`))).toBeNull();
  });

  it('compares a page with the whole running document, not its last page alone', () => {
    const ev = [page('A', ENGLISH.join(' ')), page('B', 'Figure 3'), page('C', GERMAN.join(' ')), page('D', GERMAN.join(' '))];
    expect(languageChange(ev, 0, 2)).toBe(true);
    expect(languageChange(ev, 2, 3)).toBe(false);
    // The running document's language is unknown: nothing to compare.
    expect(languageChange(ev, 1, 2)).toBe(false);
  });
});

describe('a confident page of a kind the running document lacks', () => {
  const score = (classification: string, confidence: number, scores: Record<string, number>): PageScore => ({ page: 1, classification, confidence, scores, evidence: {} });
  const extras: PageExtras = { furniture: [], textSource: 'text-layer', opensWithTitle: false, frame: null };
  const ev = [page('Chapter notes', ENGLISH.slice(0, 2).join(' ')), page('Minutes', ENGLISH.slice(2, 4).join(' '))];

  it('counts for a new document when the running document is weak and shows none of that kind', () => {
    const scores = [score('book', 0.2, { book: 0.3, minutes: 0.02 }), score('minutes', 0.95, { book: 0.01, minutes: 0.95 })];
    const trace: string[] = [];
    boundaryScore(ev, scores, [extras, extras], 1, 12, trace, { classification: 'book', confidence: 0.15, scores: { book: 0.3, minutes: 0.02 } });
    expect(trace.join(';')).toContain('a confident page of a kind the running document lacks');
    const shared: string[] = [];
    boundaryScore(ev, scores, [extras, extras], 1, 12, shared, { classification: 'book', confidence: 0.15, scores: { book: 0.3, minutes: 0.2 } });
    expect(shared.join(';')).not.toContain('lacks');
  });
});

describe('printed page numbers', () => {
  const footer = (pageNumber: number, text: string): DocItem => ({ id: `f${nextId++}`, type: 'PageFooter', text, furniture: true, prov: [{ pageNumber, bbox: { left: 300, top: 760, width: 20, height: 10 } }], confidence: null }) as DocItem;
  const doc = {
    pages: [1, 2, 3, 4].map((n) => ({ pageNumber: n, width: 612, height: 792, textSource: 'text-layer' })),
    items: [footer(1, '3'), footer(2, '4'), footer(3, 'Page | 23'), footer(4, 'Form 1040')],
  } as unknown as QuireDocument;

  it('reads the number a header or footer prints, not a form number', () => {
    expect(pageExtras(doc, 4).map((e) => e.printedPage)).toEqual([3, 4, 23, null]);
  });

  it('counts numbers that follow against a cut and numbers that jump for one', () => {
    const extras = pageExtras(doc, 4);
    const ev = [1, 2, 3, 4].map(() => page('Notes', ENGLISH.slice(0, 2).join(' ')));
    const scores = ev.map((): PageScore => ({ page: 1, classification: 'report', confidence: 0.5, scores: { report: 0.5, letter: 0.5 }, evidence: {} }));
    const follows: string[] = [];
    boundaryScore(ev, scores, extras, 1, 2, follows);
    expect(follows).toContain('printed page numbers follow -0.3');
    const jumps: string[] = [];
    boundaryScore(ev, scores, extras, 2, 2, jumps);
    expect(jumps).toContain('printed page numbers jump +0.4');
  });
});
