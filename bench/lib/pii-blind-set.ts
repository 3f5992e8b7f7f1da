/**
 * The blind PII evaluation set (issue 25, PII "Done means"): realistic documents with planted,
 * labelled identifiers and look-alikes, built from the definitions WITHOUT reading the
 * detector (src/pipeline/pii) or its own generated set (test/pii/pii-dataset.ts), so that the
 * figures it gives are not shaped by the rules they measure.
 *
 * generateBlindSet(seed, dir) writes born-digital PDFs (pdf-lib) and a few page images
 * (pdftoppm of a generated page, for OCR'd input) plus labels.json. Every label has its kind,
 * severity (high / medium / low, or `none` for a look-alike that must not fire as high or
 * medium), page, value and box in the frame of every Quire bbox (points from the top-left for
 * PDFs; pixels for images). Same seed, same bytes of labels (PDF bytes differ only by dates
 * pdf-lib writes, which we pin).
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { PDFDocument } from 'pdf-lib';
import { DocWriter, embedFonts, type Label } from './pii-writer.js';
import { rngOf, pick, type Rng } from './pii-values.js';
import { bankForm, hrRecord, invoice, letter, payrollTable, releaseNotes, travel, validationReport } from './pii-templates.js';

export type { Label, Severity, Box } from './pii-writer.js';

export interface BlindDoc { file: string; type: 'pdf' | 'png'; template: string; pages: number; /** image pixels per PDF point (1 for PDFs). */ scale: number }
export interface BlindSet { seed: number; dir: string; docs: BlindDoc[]; labels: Label[] }

const TEMPLATES: Record<string, (w: DocWriter, r: Rng) => void> = { letter, hrRecord, bankForm, invoice, travel, payrollTable, validationReport, releaseNotes };

export interface BlindSetOptions { perTemplate?: number; images?: number; imageDpi?: number }

/** Generate (or reuse, when labels.json of the same seed and options exists) the set in `dir`. */
export async function generateBlindSet(seed: number, dir: string, opts: BlindSetOptions = {}): Promise<BlindSet> {
  const perTemplate = opts.perTemplate ?? 3;
  const images = opts.images ?? 4;
  const dpi = opts.imageDpi ?? 200;
  const key = JSON.stringify({ seed, perTemplate, images, dpi, v: 1 });
  const labelsPath = path.join(dir, 'labels.json');
  if (fs.existsSync(labelsPath)) {
    const cached = JSON.parse(fs.readFileSync(labelsPath, 'utf8')) as BlindSet & { key: string };
    if (cached.key === key && cached.docs.every((d) => fs.existsSync(path.join(dir, d.file)))) return { ...cached, dir };
  }
  fs.mkdirSync(dir, { recursive: true });
  const r = rngOf(seed);
  const docs: BlindDoc[] = [];
  const labels: Label[] = [];
  const names = Object.keys(TEMPLATES);
  for (let i = 0; i < perTemplate; i++) {
    for (const t of names) {
      const file = `${t}-${String(i + 1).padStart(2, '0')}.pdf`;
      const pdf = await PDFDocument.create();
      pdf.setCreationDate(new Date(Date.UTC(2026, 0, 1)));
      pdf.setModificationDate(new Date(Date.UTC(2026, 0, 1)));
      const fonts = await embedFonts(pdf);
      const a4 = r() < 0.3;
      const w = new DocWriter(pdf, fonts, file, labels, a4 ? [595.28, 841.89] : [612, 792], r() < 0.3 ? fonts.serif : fonts.regular);
      TEMPLATES[t]!(w, r);
      fs.writeFileSync(path.join(dir, file), await pdf.save({ useObjectStreams: false }));
      docs.push({ file, type: 'pdf', template: t, pages: pdf.getPageCount(), scale: 1 });
    }
  }
  // Page images: page 1 of a few PDFs rendered as a scan would be, labels scaled to pixels.
  const imageSources = ['letter', 'hrRecord', 'bankForm', 'travel', 'invoice', 'payrollTable'];
  for (let i = 0; i < images; i++) {
    const src = docs.find((d) => d.type === 'pdf' && d.template === imageSources[i % imageSources.length] && d.file.endsWith(`-${String(Math.floor(i / imageSources.length) + 1).padStart(2, '0')}.pdf`)) ?? pick(r, docs.filter((d) => d.type === 'pdf'));
    const base = `img-${src.file.replace(/\.pdf$/, '')}`;
    execFileSync('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', '-png', path.join(dir, src.file), path.join(dir, base)]);
    const file = `${base}.png`;
    const scale = dpi / 72;
    for (const l of labels.filter((x) => x.doc === src.file && x.page === 1)) {
      labels.push({ ...l, id: `${file}#${l.id.split('#')[1]}`, doc: file, bbox: { left: l.bbox.left * scale, top: l.bbox.top * scale, width: l.bbox.width * scale, height: l.bbox.height * scale } });
    }
    docs.push({ file, type: 'png', template: src.template, pages: 1, scale });
  }
  const set = { seed, dir, docs, labels };
  fs.writeFileSync(labelsPath, JSON.stringify({ ...set, key }, null, 1));
  return set;
}

/** Counts of labels per severity and kind (for the bench's header line). */
export function labelCounts(set: BlindSet): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const l of set.labels) {
    const s = (out[l.severity] ??= {});
    s[l.kind] = (s[l.kind] ?? 0) + 1;
  }
  return out;
}
