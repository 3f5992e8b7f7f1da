/**
 * Runs Quire's parse and `pdftotext` on the same PDFs and scores Quire's segment text
 * against pdftotext's, both restricted to the crop box: bag-of-words F1 over the document, and word-order edit distance
 * page by page (pdftotext's reading order as the reference).
 */
import { execFileSync } from 'node:child_process';
import type { Engine } from '../../src/jobs/engine.js';
import { alignLetterSpaced, bagOfWords, f1, wordEditDistance, words, type BagScore } from './text-metrics.js';

export interface FidelityResult {
  file: string;
  pages: number;
  bag: BagScore;
  f1: number;
  /** Sum of per-page word edit distances / sum of per-page max lengths. */
  orderDistance: number;
  error?: string;
}

export interface PageBoxes {
  media: number[];
  crop: number[];
}

/** Media and crop boxes of every page (pdfinfo -box), bottom-left origin. */
export function pageBoxes(file: string): PageBoxes[] {
  const out = execFileSync('pdfinfo', ['-box', '-f', '1', '-l', '100000', file], { maxBuffer: 1 << 26, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const pages: PageBoxes[] = [];
  for (const line of out.split('\n')) {
    const m = /^Page\s+(\d+)\s+(MediaBox|CropBox):\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)/.exec(line);
    if (!m) continue;
    const i = Number(m[1]) - 1;
    pages[i] ??= { media: [], crop: [] };
    pages[i]![m[2] === 'MediaBox' ? 'media' : 'crop'] = [3, 4, 5, 6].map((k) => Number(m[k]));
  }
  return pages;
}

function runPdftotext(file: string, extra: string[]): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', ...extra, file, '-'], { maxBuffer: 1 << 28, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

/**
 * pdftotext's text of each page, restricted to the page's crop box (the visible page, as
 * viewers and Quire read it): poppler otherwise also returns printer's slugs and marks
 * placed outside the crop box.
 */
export function pdftotextPages(file: string): string[] {
  const boxes = pageBoxes(file);
  const area = (b: PageBoxes) => {
    const [mx0, my0, , my1] = b.media as [number, number, number, number];
    const [cx0, cy0, cx1, cy1] = b.crop as [number, number, number, number];
    return ['-x', String(Math.floor(cx0 - mx0)), '-y', String(Math.floor(my1 - cy1)), '-W', String(Math.ceil(cx1 - cx0)), '-H', String(Math.ceil(cy1 - cy0))];
  };
  const same = boxes.length > 0 && boxes.every((b) => b.crop.join() === boxes[0]!.crop.join() && b.media.join() === boxes[0]!.media.join());
  const cropped = boxes.some((b) => b.crop.join() !== b.media.join());
  if (!cropped || boxes.length === 0) return runPdftotext(file, []).split('\f');
  if (same) return runPdftotext(file, area(boxes[0]!)).split('\f');
  return boxes.map((b, i) => runPdftotext(file, ['-f', String(i + 1), '-l', String(i + 1), ...area(b)]).split('\f')[0] ?? '');
}

export async function quirePages(engine: Engine, file: string, options: Record<string, unknown> = {}): Promise<Map<number, string>> {
  const job = await engine.parse(file, options);
  const res = await engine.waitForJob(job.job_id);
  if (res.status !== 'Succeeded') throw new Error(res.message ?? res.status);
  const pages = new Map<number, string[]>();
  for (const c of res.chunks ?? []) {
    for (const s of c.segments as Array<{ page_number: number; content: string }>) {
      const list = pages.get(s.page_number) ?? [];
      list.push(s.content);
      pages.set(s.page_number, list);
    }
  }
  return new Map([...pages].map(([p, t]) => [p, t.join('\n')]));
}

/**
 * `lettersAsWords`: pdftotext's letter-spaced stretches ("C O N S T I T U T I O N") are read
 * with the parse's words where the letters are identical (text-metrics `alignLetterSpaced`),
 * so a parse that reads the words is not charged a missing word per letter.
 */
export async function scoreFidelity(engine: Engine, file: string, lettersAsWords = false): Promise<FidelityResult> {
  const ref = pdftotextPages(file);
  let ours: Map<number, string>;
  try {
    ours = await quirePages(engine, file);
  } catch (err) {
    return { file, pages: 0, bag: { tp: 0, predicted: 0, reference: 0 }, f1: 0, orderDistance: 1, error: String((err as Error).message) };
  }
  const allRef: string[] = [];
  const allOurs: string[] = [];
  let dist = 0;
  let norm = 0;
  const pageCount = Math.max(ref.length - (ref[ref.length - 1]?.trim() === '' ? 1 : 0), ...ours.keys());
  for (let p = 1; p <= pageCount; p++) {
    const o = words(ours.get(p) ?? '');
    const printed = words(ref[p - 1] ?? '');
    const r = lettersAsWords ? alignLetterSpaced(printed, o) : printed;
    allRef.push(...r);
    allOurs.push(...o);
    dist += wordEditDistance(o, r);
    norm += Math.max(o.length, r.length);
  }
  const bag = bagOfWords(allOurs, allRef);
  return { file, pages: pageCount, bag, f1: f1(bag), orderDistance: norm ? dist / norm : 0 };
}
