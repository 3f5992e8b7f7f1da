/**
 * The forms stage (advanced layout detection): on a page with form fields, each field and
 * its printed label become one KeyValuePair block whose key and value stay apart
 * (Block.keyValue), the dot leaders between them are dropped, and box numbers go with
 * their pair. It runs after the layout fusion, on what the page analysis built:
 *  - fields: the page's AcroForm widgets when it has some, else the checkboxes and fill-in
 *    lines it draws (fields.ts); fewer than two fields: not a form, the page is unchanged;
 *  - labels: phrases (phrases.ts) paired by geometry (pair-labels.ts);
 *  - a table block holding fields is a form grid, not a table: it is read as form text;
 *    a table without fields, pictures, and text blocks that lost no words stay as they were;
 *  - text blocks that lost words (labels, leaders, values) are rebuilt from the words left,
 *    keeping their type (a table's words get the page hints), then all blocks are put back
 *    in reading order.
 */
import { unionBBox, type BBox } from '../../model/document.js';
import type { Block, PageLayout } from '../../model/layout.js';
import type { PageContent, TextRun } from '../../model/page.js';
import { buildBlocks, toBlock } from '../blocks/build-blocks.js';
import { hintBlockType } from '../classify/page-hints.js';
import { buildLines } from '../lines/build-lines.js';
import { readingOrder } from '../reading-order/xy-cut.js';
import { drawnFields, widgetFields, type FormField } from './fields.js';
import { pairLabels, type LabelledField } from './pair-labels.js';
import { BOX_NUMBER, formPhrases, isLeaderWord, runWords, type FormWord, type Phrase } from './phrases.js';
import { findRasterCheckboxes } from './raster-checkboxes.js';
import type { RasterImage } from '../../raster/raster-image.js';

const CHECKED = '☒';
const UNCHECKED = '☐';
/** A pair's type confidence: geometry alone, no model agreed or disagreed. */
const PAIR_CONFIDENCE = 0.8;
/** Leaders and decoration: dropped from a form page's text. */
const NOT_TEXT = /^[.·…_{}[\]|]+$/u;

const centreIn = (w: BBox, b: BBox) => {
  const cx = w.left + w.width / 2;
  const cy = w.top + w.height / 2;
  return cx >= b.left && cx <= b.left + b.width && cy >= b.top && cy <= b.top + b.height;
};

function median(xs: number[], dflt: number): number {
  if (xs.length === 0) return dflt;
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const runOf = (w: FormWord): TextRun => ({ ...w });

function keyText(key: readonly Phrase[]): string {
  return key.map((p) => p.text).join(' ').replace(/\s*:\s*$/, '').trim();
}

function pairBlock(lf: LabelledField): Block {
  const f = lf.field;
  const words = [...lf.key, ...lf.extra].flatMap((p) => p.words).concat(f.valueWords);
  const lines = buildLines(words.map(runOf));
  const base = lines.length > 0 ? toBlock({ lines }) : { kind: 'text' as const, bbox: f.bbox, lines: [], fontSize: lf.key[0]!.em, bold: false, italic: false };
  const check = f.kind === 'checkbox' || f.kind === 'radio';
  const value = check ? (f.checked ? CHECKED : UNCHECKED) : f.value;
  return {
    ...base,
    bbox: unionBBox([...lf.key.map((p) => p.bbox), ...lf.extra.map((p) => p.bbox), f.bbox]),
    type: 'KeyValuePair',
    typeConfidence: PAIR_CONFIDENCE,
    keyValue: { key: keyText(lf.key), value, ...(check ? { checked: f.checked === true } : {}) },
  };
}

/**
 * Without widgets, drawn lines and boxes with words near them are also what ruled tables
 * are made of. A form shows itself by what a table has not: checkboxes, fields left empty,
 * or labels ending with a colon, at least three of them.
 */
function looksLikeForm(pairs: readonly LabelledField[]): boolean {
  let evidence = 0;
  for (const lf of pairs) {
    const f = lf.field;
    if (f.kind === 'checkbox' || f.kind === 'radio' || !f.value || /:\s*$/.test(lf.key[lf.key.length - 1]!.text)) evidence++;
  }
  return evidence >= 3;
}

/**
 * The layout model's own KeyValuePair regions retype a block without saying which part is
 * the key: on the open pages it gives them to page headings and table rows ("DEPARTMENT
 * OF TRANSPORTATION"). A KeyValuePair comes from this stage, with its key and value; a
 * block the model alone called one is Text.
 */
function withoutModelPairs(layout: PageLayout): PageLayout {
  if (!layout.blocks.some((b) => b.type === 'KeyValuePair' && !b.keyValue)) return layout;
  return { ...layout, blocks: layout.blocks.map((b) => (b.type === 'KeyValuePair' && !b.keyValue ? { ...b, type: 'Text' as const, typeConfidence: Math.min(b.typeConfidence ?? 0.5, 0.5) } : b)) };
}

/** `content`: the page's runs, rules, rectangles and (PDF) widgets, in the layout's units. */
export function formKeyValues(layout: PageLayout, content: PageContent): PageLayout {
  return pairFields(withoutModelPairs(layout), content);
}

function pairFields(layout: PageLayout, content: PageContent): PageLayout {
  const pictures = layout.blocks.filter((b) => b.kind === 'picture');
  const allWords = content.runs.filter((r) => !pictures.some((p) => centreIn(r.bbox, p.bbox))).flatMap(runWords);
  const notText = new Set(allWords.filter((w) => NOT_TEXT.test(w.text) || isLeaderWord(w)));
  const words = allWords.filter((w) => !notText.has(w));
  const em = median(words.map((w) => w.fontSize), 10);
  const widgets = content.widgets ?? [];
  const fields: FormField[] =
    widgets.length > 0 ? widgetFields(widgets, words) : drawnFields({ rules: content.rules, rects: content.rects, graphics: content.graphics, words, pageWidth: content.width, em});
  // One widget is a form (a one-field test page); a signature field alone (a digitally
  // signed report) is not; without widgets, two drawn fields at least.
  if (widgets.length > 0 ? !fields.some((f) => f.kind !== 'signature') : fields.length < 2) return layout;
  const valueWords = new Set(fields.flatMap((f) => f.valueWords));
  const phrases = formPhrases(allWords.filter((w) => !valueWords.has(w)), fields.map((f) => f.bbox));
  const pairs = pairLabels(fields, phrases);
  if (pairs.length === 0 || (widgets.length === 0 && !looksLikeForm(pairs))) return layout;
  // A table holding a field or a label is a form grid (rows of label, leader, box number
  // and field look like a table to the table stage); other tables stay tables.
  const inTable = (t: Block) => pairs.some((lf) => centreIn(lf.field.bbox, t.bbox) || lf.key.some((k) => centreIn(k.bbox, t.bbox)));
  const keptTables = layout.blocks.filter((b) => b.kind === 'table' && !inTable(b));

  const claimed = new Set<FormWord>(notText);
  for (const lf of pairs) for (const w of [...lf.key, ...lf.extra].flatMap((p) => p.words).concat(lf.field.valueWords)) claimed.add(w);
  const kv = pairs.map(pairBlock);
  // Text blocks that lost words (labels, values, leaders) are rebuilt; the others stay.
  const touched = layout.blocks.filter((b) => (b.kind === 'table' && !keptTables.includes(b)) || (b.kind === 'text' && b.type !== 'Page' && [...claimed].some((w) => centreIn(w.bbox, b.bbox))));
  const kept = layout.blocks.filter((b) => !touched.includes(b));
  const rebuilt: Block[] = [];
  const done = new Set<FormWord>(claimed);
  for (const t of touched) {
    const rest = words.filter((w) => !done.has(w) && centreIn(w.bbox, t.bbox) && !kept.some((k) => k.kind !== 'picture' && centreIn(w.bbox, k.bbox)));
    rest.forEach((w) => done.add(w)); // a word in two touched boxes is rebuilt once
    for (const b of buildBlocks(buildLines(rest.map(runOf)))) {
      const text = b.lines.map((l) => l.text).join(' ').trim();
      if (t.kind === 'table' || BOX_NUMBER.test(text)) {
        hintBlockType(b);
        if (BOX_NUMBER.test(text)) [b.type, b.typeConfidence] = ['Text', 0.5];
      } else {
        b.type = t.type;
        b.typeConfidence = t.typeConfidence;
      }
      rebuilt.push(b);
    }
  }
  const blocks = [...kept, ...rebuilt, ...kv];
  const order = readingOrder(blocks.map((b) => b.bbox), em);
  return { ...layout, blocks: order.map((i) => blocks[i]!) };
}

/**
 * A scanned page (OCR words, ruling lines found on the raster): its checkboxes are found on
 * the raster too (raster-checkboxes.ts), then the same pairing runs. Upright pages only.
 */
export function scannedFormKeyValues(layout: PageLayout, content: PageContent, raster: RasterImage): PageLayout {
  const scale = content.width / raster.width;
  const boxes = findRasterCheckboxes(raster, scale);
  const marks = boxes.filter((b) => b.checked).map((b) => ({ left: b.box.left + b.box.width * 0.2, top: b.box.top + b.box.height * 0.2, width: b.box.width * 0.6, height: b.box.height * 0.6 }));
  return formKeyValues(layout, { ...content, rects: [...content.rects, ...boxes.map((b) => b.box)], graphics: [...content.graphics, ...marks] });
}
