/** Settings shared by the WASM and the native tesseract engines, so both read pages alike. */
import type { PageSegmentation } from './interface.js';

/** Tesseract page segmentation modes (tesseract --help-psm). */
export const PSM: Record<PageSegmentation, string> = {
  auto: '3',
  single_block: '6',
  single_line: '7',
  sparse: '11',
};

/** Tesseract refuses or mis-sizes its filters outside this resolution range. */
export function credibleDpi(dpi: number | null | undefined): number | null {
  if (dpi == null || !Number.isFinite(dpi)) return null;
  return dpi >= 70 && dpi <= 2400 ? Math.round(dpi) : null;
}

/** Below this tesseract errors out ("Image too small to scale") instead of returning nothing. */
export const MIN_OCR_SIDE_PX = 3;

/** Default per-page limit; a dense 400-DPI page takes a few seconds, so this only stops hangs. */
export const DEFAULT_OCR_TIMEOUT_MS = 120_000;
