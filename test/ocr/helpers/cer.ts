/** Character error rate as the corpus MANIFEST prescribes: whitespace collapsed first. */
import { distance } from 'fastest-levenshtein';

export function collapseWhitespace(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

export interface CerOptions {
  /** cosmic.png: "Hell0"/"HellO" is ambiguous in the image; O and 0 compare equal. */
  foldZeroAndO?: boolean;
  /**
   * linn.txt: the reference is near-truth OCR whose bullets read "0"; bullets and their
   * look-alikes standing alone are dropped from both sides, dashes unified.
   */
  dropBullets?: boolean;
}

export function normaliseForCer(s: string, opts: CerOptions = {}): string {
  let t = collapseWhitespace(s);
  if (opts.dropBullets) {
    t = t.split(' ').filter((w) => !/^[0oe•·©¢°«»*®@]$/.test(w)).join(' ').replace(/[—–]/g, '-');
  }
  if (opts.foldZeroAndO) t = t.replace(/0/g, 'O');
  return t;
}

export function cer(hypothesis: string, reference: string, opts: CerOptions = {}): number {
  const h = normaliseForCer(hypothesis, opts);
  const r = normaliseForCer(reference, opts);
  return distance(h, r) / Math.max(1, r.length);
}
