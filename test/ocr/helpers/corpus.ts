/** Where the shared corpus is, and the OCR images that have ground truth. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CerOptions } from './cer.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const corpusDir = process.env.QUIRE_CORPUS ? path.resolve(process.env.QUIRE_CORPUS) : path.resolve(repoRoot, '../shared/corpus');
export const hasCorpus = fs.existsSync(path.join(corpusDir, 'ocr'));

export function corpusPath(...parts: string[]): string {
  return path.join(corpusDir, ...parts);
}

export interface GroundTruthImage {
  name: string;
  image: string;
  truth: string;
  cer: CerOptions;
  /** Same page as `uprightOf`, stored rotated (or EXIF-rotated). */
  uprightOf?: string;
}

const T = 'ocr/tesseract-ocr-test/testing';
const J = 'ocr/tesseract.js/tests/assets/images';

/**
 * Every image of MANIFEST §4 with ground truth except chinese.png (chi_tra, not shipped)
 * and bill.png (listed in GT_README.json but not staged).
 */
export function groundTruthImages(): GroundTruthImage[] {
  const t = (f: string, gt: string, uprightOf?: string): GroundTruthImage => ({ name: f, image: corpusPath(T, f), truth: corpusPath(T, gt), cer: {}, uprightOf });
  const j = (f: string, uprightOf?: string): GroundTruthImage => ({
    name: f,
    image: corpusPath(J, f),
    truth: corpusPath(J, `${f}.gt.txt`),
    cer: { foldZeroAndO: f === 'cosmic.png' },
    uprightOf,
  });
  return [
    t('phototest.tif', 'phototest.gold.txt'),
    t('phototest-rotated-180.png', 'phototest.gold.txt', 'phototest.tif'),
    t('phototest-rotated-L.png', 'phototest.gold.txt', 'phototest.tif'),
    t('phototest-rotated-R.png', 'phototest.gold.txt', 'phototest.tif'),
    t('phototestrot.tif', 'phototest.gold.txt', 'phototest.tif'),
    t('eurotext.tif', 'eurotext.txt'),
    j('cosmic.png'),
    j('simple.png'),
    j('simple.jpg'),
    j('simple.gif'),
    j('simple.webp'),
    j('simple.bmp'),
    j('simple.pbm'),
    j('simple-90.jpg', 'simple.png'),
    j('simple-180.jpg', 'simple.png'),
    j('simple-270.jpg', 'simple.png'),
    j('testocr.png'),
    j('testocr.jpg'),
    j('testocr.pbm'),
  ].filter((g) => fs.existsSync(g.image) && fs.existsSync(g.truth));
}
