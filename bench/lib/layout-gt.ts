/**
 * Human-labelled (and PubLayNet/DocBank's automatically matched) layout ground truth of the
 * corpus, as page-relative boxes of one common class set. Mapping (documented in
 * models/layout/MODEL_CARD.md, "Evaluation"):
 *
 * - docling-eval CVAT (case_01, case_02): their labels as is; chart → picture; labels
 *   outside the common set (key_value_region, form, code, checkbox…) are dropped.
 * - DocLayNet (the one page with its image; GT in docling-eval's DocTags .dt, 0–500 grid).
 * - PubLayNet samples_open: text, title → section_header (PubLayNet's "title" is mostly
 *   section headings), list → list (whole lists), table, figure → picture. Page headers
 *   and footers, captions, footnotes and formulas are not annotated separately
 *   (captions, footnotes and formulas are "text").
 * - DocBank open samples: tokens grouped into regions per label (same label, touching
 *   within about a line height); paragraph/abstract/author/date/reference → text,
 *   section → section_header, list → list, equation → formula, figure → picture,
 *   footer → page_footer, caption, table, title.
 *
 * Each dataset says which common classes it annotates; predictions of other classes are
 * mapped into its label space (`predictionMap`) or dropped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { corpusPath } from './corpus.js';
import { openPdf } from '../../src/formats/pdf/open-document.js';

export const COMMON = ['text', 'title', 'section_header', 'list_item', 'list', 'table', 'picture', 'caption', 'footnote', 'page_header', 'page_footer', 'formula'] as const;
export type CommonClass = (typeof COMMON)[number];

export interface GtBox {
  cls: CommonClass;
  /** Page-relative [0, 1]. */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface GtPage {
  dataset: 'cvat' | 'doclaynet' | 'publaynet' | 'docbank';
  name: string;
  /** Born-digital source, when there is one (page number 1-based). */
  pdf?: { path: string; page: number };
  /** Page image, when the dataset gives one. */
  image?: string;
  boxes: GtBox[];
  annotated: ReadonlySet<CommonClass>;
  /** Ground-truth words of the page, where the dataset gives them (DocBank tokens). */
  words?: string[];
  /** Quire segment type → class in this dataset's label space (missing: dropped). */
  predictionMap: Readonly<Record<string, CommonClass>>;
  /** ListItem predictions are merged into whole lists (datasets labelling lists, not items). */
  mergeListItems: boolean;
}

const FULL_MAP: Record<string, CommonClass> = {
  Text: 'text', Title: 'title', SectionHeader: 'section_header', ListItem: 'list_item', Table: 'table', Picture: 'picture',
  Caption: 'caption', Footnote: 'footnote', PageHeader: 'page_header', PageFooter: 'page_footer', Formula: 'formula',
};
const FULL_SET = new Set<CommonClass>(['text', 'title', 'section_header', 'list_item', 'table', 'picture', 'caption', 'footnote', 'page_header', 'page_footer', 'formula']);

const DOCLING_LABELS: Record<string, CommonClass> = {
  text: 'text', title: 'title', section_header: 'section_header', list_item: 'list_item', table: 'table', picture: 'picture', chart: 'picture',
  caption: 'caption', footnote: 'footnote', page_header: 'page_header', page_footer: 'page_footer', formula: 'formula',
};

function attr(tag: string, name: string): string | undefined {
  return tag.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1];
}

function loadCvat(pageAspect: Map<string, number>): GtPage[] {
  const dir = corpusPath('layout/docling-eval/tests/data/cvat_pdfs_dataset_e2e');
  const out: GtPage[] = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('_annotations.xml')).sort()) {
    const caseDir = path.join(dir, file.replace('_annotations.xml', ''));
    const xml = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const m of xml.matchAll(/<image ([^>]*)>([\s\S]*?)<\/image>/g)) {
      const name = attr(m[1]!, 'name')!;
      const w = Number(attr(m[1]!, 'width'));
      const h = Number(attr(m[1]!, 'height'));
      const nm = name.match(/^doc_([0-9a-f]+)_page_(\d+)\.png$/);
      if (!nm) continue;
      const pdf = path.join(caseDir, `${nm[1]}.pdf`);
      if (!fs.existsSync(pdf)) continue;
      // The annotated image shows the document's pages side by side (equal sizes, scaled
      // to the image height): each box belongs to the page its centre falls in.
      const pageCount = Math.max(1, Math.round(w / (h * (pageAspect.get(pdf) ?? 0.75))));
      const pw = w / pageCount;
      const perPage: GtBox[][] = Array.from({ length: pageCount }, () => []);
      for (const b of m[2]!.matchAll(/<box ([^>]*)>/g)) {
        const cls = DOCLING_LABELS[attr(b[1]!, 'label') ?? ''];
        if (!cls) continue;
        const [x1, y1, x2, y2] = ['xtl', 'ytl', 'xbr', 'ybr'].map((k) => Number(attr(b[1]!, k))) as [number, number, number, number];
        const k = Math.min(pageCount - 1, Math.max(0, Math.floor((x1 + x2) / 2 / pw)));
        perPage[k]!.push({ cls, x1: (x1 - k * pw) / pw, y1: y1 / h, x2: Math.min(pw, x2 - k * pw) / pw, y2: y2 / h });
      }
      perPage.forEach((boxes, k) =>
        out.push({ dataset: 'cvat', name: `${file.slice(0, 7)}/${nm[1]!.slice(0, 8)}-p${k + 1}`, pdf: { path: pdf, page: k + 1 }, boxes, annotated: FULL_SET, predictionMap: FULL_MAP, mergeListItems: false }),
      );
    }
  }
  return out;
}

function loadDocLayNet(): GtPage[] {
  const imgDir = corpusPath('layout/DocLayNet/assets');
  const dtDir = corpusPath('layout/docling-eval/tests/data/doclaynet_v1_doctags_sample');
  const out: GtPage[] = [];
  if (!fs.existsSync(imgDir)) return out;
  for (const img of fs.readdirSync(imgDir).filter((f) => f.endsWith('.png'))) {
    const dt = path.join(dtDir, img.replace(/\.png$/, '.dt'));
    if (!fs.existsSync(dt)) continue;
    const text = fs.readFileSync(dt, 'utf8');
    const boxes: GtBox[] = [];
    for (const m of text.matchAll(/<(\w+)><loc_(\d+)><loc_(\d+)><loc_(\d+)><loc_(\d+)>/g)) {
      const cls = DOCLING_LABELS[m[1]!];
      if (!cls) continue;
      boxes.push({ cls, x1: Number(m[2]) / 500, y1: Number(m[3]) / 500, x2: Number(m[4]) / 500, y2: Number(m[5]) / 500 });
    }
    out.push({ dataset: 'doclaynet', name: img.slice(0, 8), image: path.join(imgDir, img), boxes, annotated: FULL_SET, predictionMap: FULL_MAP, mergeListItems: false });
  }
  return out;
}

function loadPubLayNet(): GtPage[] {
  const dir = corpusPath('layout/PubLayNet/examples');
  const coco = JSON.parse(fs.readFileSync(path.join(dir, 'samples_open.json'), 'utf8')) as {
    images: Array<{ id: number; file_name: string; width: number; height: number }>;
    annotations: Array<{ image_id: number; category_id: number; bbox: [number, number, number, number] }>;
  };
  const cat: Record<number, CommonClass> = { 1: 'text', 2: 'section_header', 3: 'list', 4: 'table', 5: 'picture' };
  const predictionMap: Record<string, CommonClass> = {
    Text: 'text', Caption: 'text', Footnote: 'text', Formula: 'text', Title: 'section_header', SectionHeader: 'section_header', ListItem: 'list', Table: 'table', Picture: 'picture',
  };
  return coco.images.map((im) => ({
    dataset: 'publaynet' as const,
    name: im.file_name.replace(/\.jpg$/, ''),
    image: path.join(dir, im.file_name),
    boxes: coco.annotations
      .filter((a) => a.image_id === im.id && cat[a.category_id])
      .map((a) => ({ cls: cat[a.category_id]!, x1: a.bbox[0] / im.width, y1: a.bbox[1] / im.height, x2: (a.bbox[0] + a.bbox[2]) / im.width, y2: (a.bbox[1] + a.bbox[3]) / im.height })),
    annotated: new Set<CommonClass>(['text', 'section_header', 'list', 'table', 'picture']),
    predictionMap,
    mergeListItems: true,
  }));
}

function groupTokens(tokens: Array<{ x1: number; y1: number; x2: number; y2: number }>): Array<{ x1: number; y1: number; x2: number; y2: number }> {
  const parent = tokens.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < tokens.length; i++) {
    for (let j = i + 1; j < tokens.length; j++) {
      const a = tokens[i]!;
      const b = tokens[j]!;
      const h = Math.max(4, Math.min(a.y2 - a.y1, b.y2 - b.y1));
      const gx = Math.max(a.x1, b.x1) - Math.min(a.x2, b.x2);
      const gy = Math.max(a.y1, b.y1) - Math.min(a.y2, b.y2);
      // same line within two line heights, or the next line overlapping horizontally
      if ((gy < 0 && gx < 2 * h) || (gy < 0.9 * h && gx < 0)) parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, { x1: number; y1: number; x2: number; y2: number }>();
  tokens.forEach((t, i) => {
    const r = find(i);
    const g = groups.get(r);
    if (!g) groups.set(r, { ...t });
    else Object.assign(g, { x1: Math.min(g.x1, t.x1), y1: Math.min(g.y1, t.y1), x2: Math.max(g.x2, t.x2), y2: Math.max(g.y2, t.y2) });
  });
  return [...groups.values()];
}

function loadDocBank(): GtPage[] {
  const dir = corpusPath('layout/DocBank/DocBank_samples/DocBank_samples');
  const labelMap: Record<string, CommonClass> = {
    paragraph: 'text', abstract: 'text', author: 'text', date: 'text', reference: 'text', section: 'section_header', list: 'list',
    equation: 'formula', figure: 'picture', footer: 'page_footer', caption: 'caption', table: 'table', title: 'title',
  };
  const predictionMap: Record<string, CommonClass> = { ...FULL_MAP, ListItem: 'list' };
  delete predictionMap.PageHeader;
  delete predictionMap.Footnote;
  const out: GtPage[] = [];
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.txt')).sort()) {
    const base = f.replace(/\.txt$/, '');
    const m = base.match(/^(.*)_(\d+)$/);
    if (!m) continue;
    const pdf = path.join(dir, `${m[1]}_black.pdf`);
    const byLabel = new Map<CommonClass, Array<{ x1: number; y1: number; x2: number; y2: number }>>();
    const words: string[] = [];
    for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      const p = line.split('\t');
      if (p.length < 10) continue;
      if (p[0]!.trim() && p[0] !== '##LTFigure##' && p[0] !== '##LTLine##') words.push(p[0]!.trim());
      const cls = labelMap[p[9]!.trim()];
      if (!cls) continue;
      const t = { x1: Number(p[1]) / 1000, y1: Number(p[2]) / 1000, x2: Number(p[3]) / 1000, y2: Number(p[4]) / 1000 };
      if (!(t.x2 > t.x1 && t.y2 > t.y1)) continue;
      (byLabel.get(cls) ?? byLabel.set(cls, []).get(cls)!).push(t);
    }
    const boxes: GtBox[] = [];
    for (const [cls, toks] of byLabel) for (const g of groupTokens(toks.map((t) => ({ ...t, x1: t.x1 * 1000, y1: t.y1 * 1000, x2: t.x2 * 1000, y2: t.y2 * 1000 })))) boxes.push({ cls, x1: g.x1 / 1000, y1: g.y1 / 1000, x2: g.x2 / 1000, y2: g.y2 / 1000 });
    out.push({
      dataset: 'docbank',
      name: base.slice(0, 40),
      pdf: fs.existsSync(pdf) ? { path: pdf, page: Number(m[2]) + 1 } : undefined,
      image: path.join(dir, `${base}_ori.jpg`),
      boxes,
      words,
      annotated: new Set<CommonClass>(Object.values(labelMap)),
      predictionMap,
      mergeListItems: true,
    });
  }
  return out;
}

/** Width / height of the first page of each CVAT PDF (the annotated images join the pages). */
async function cvatPageAspects(): Promise<Map<string, number>> {
  const dir = corpusPath('layout/docling-eval/tests/data/cvat_pdfs_dataset_e2e');
  const out = new Map<string, number>();
  for (const c of fs.readdirSync(dir).filter((d) => fs.statSync(path.join(dir, d)).isDirectory())) {
    for (const f of fs.readdirSync(path.join(dir, c)).filter((x) => x.endsWith('.pdf'))) {
      const p = path.join(dir, c, f);
      const doc = await openPdf(new Uint8Array(fs.readFileSync(p)));
      const vp = (await doc.getPage(1)).getViewport({ scale: 1 });
      out.set(p, vp.width / vp.height);
      await doc.destroy();
    }
  }
  return out;
}

export async function loadLayoutGt(): Promise<GtPage[]> {
  return [...loadCvat(await cvatPageAspects()), ...loadDocLayNet(), ...loadPubLayNet(), ...loadDocBank()];
}
