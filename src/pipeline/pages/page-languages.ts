/**
 * Pages that do not read as English (issue 29 item 3). Every OCR page is read in English
 * first; when that reading is doubtful, tesseract's script detection (OSD,
 * engines/ocr/script-detector.ts) names the page's script. A non-Latin script is then read
 * with the installed languages written in it (npm `@tesseract.js-data/<lang>` or a local
 * tessdata file), and when none is installed the page says so — script, OSD margin, the
 * package to install — and its English words keep at most a confidence of 0.1, instead of
 * passing for text. Without OSD data (or on a Latin page that reads as nothing) every other
 * installed language is tried, as before. Pages that read well in English pay nothing.
 */
import type { RasterImage } from '../../engines/ocr/interface.js';
import { installedLanguages } from '../../engines/ocr/installed-languages.js';
import { detectScript, type ScriptDetection } from '../../engines/ocr/script-detector.js';
import { ocrPage, type OcrPageOptions, type OcrPageOutput } from '../ocr/ocr-page.js';
import { readVerticalText } from './page-vertical-text.js';

/** Tesseract languages by the script OSD names (first: the package suggested when none is installed). */
export const SCRIPT_LANGUAGES: Record<string, string[]> = {
  Han: ['chi_sim', 'chi_tra', 'jpn', 'chi_sim_vert', 'chi_tra_vert', 'jpn_vert'],
  Japanese: ['jpn', 'jpn_vert'],
  Hiragana: ['jpn', 'jpn_vert'],
  Katakana: ['jpn', 'jpn_vert'],
  Hangul: ['kor', 'kor_vert'],
  Korean: ['kor', 'kor_vert'],
  Cyrillic: ['rus', 'ukr', 'bul', 'bel', 'srp', 'mkd', 'kaz', 'kir', 'mon', 'tgk', 'uzb_cyrl', 'aze_cyrl'],
  Arabic: ['ara', 'fas', 'urd', 'pus', 'snd', 'uig'],
  Devanagari: ['hin', 'mar', 'nep', 'san'],
  Greek: ['ell', 'grc'],
  Hebrew: ['heb', 'yid'],
  Thai: ['tha'],
  Bengali: ['ben', 'asm'],
  Tamil: ['tam'],
  Telugu: ['tel'],
  Kannada: ['kan'],
  Malayalam: ['mal'],
  Gujarati: ['guj'],
  Gurmukhi: ['pan'],
  Georgian: ['kat'],
  Armenian: ['hye'],
  Ethiopic: ['amh', 'tir'],
  Khmer: ['khm'],
  Lao: ['lao'],
  Myanmar: ['mya'],
  Sinhala: ['sin'],
  Tibetan: ['bod'],
  Oriya: ['ori'],
  Syriac: ['syr'],
  Thaana: ['div'],
};

/** An English reading under this mean word confidence is doubtful (clean print reads ≥ 0.85). */
export const DOUBTFUL_CONFIDENCE = 0.75;
/** OSD's margin needed to call a page that English did read (poorly) non-Latin. */
const SCRIPT_MARGIN = 0.5;
/**
 * …and one that English read as nothing. A tie (margin 0) is no verdict: random noise "is"
 * Arabic at margin 0, as vertical Japanese is Han at 0 (both then take the old path: every
 * installed language, and a note that nothing legible was read).
 */
const UNREADABLE_SCRIPT_MARGIN = 0.1;
/** Other languages tried on one page, at most (each is a full OCR pass). */
const MAX_OTHER_LANGUAGES = 4;
/** A reading in another language is taken at this mean word confidence or more. */
const OTHER_LANGUAGE_CONFIDENCE = 0.6;
/** Words of a page in a script no installed language covers keep at most this confidence. */
export const FOREIGN_SCRIPT_CONFIDENCE = 0.1;

export interface BeyondEnglish {
  /** The reading to keep: another language's, or the English one (confidences capped when the script is foreign). */
  output: OcrPageOutput;
  /** Page notes (metadata.notes). */
  warnings: string[];
  script: ScriptDetection | null;
}

/**
 * The page's script when its English reading is doubtful and OSD finds a non-Latin script;
 * null otherwise (no doubt, no OSD data, Latin, or too few characters for OSD).
 */
export async function foreignScript(first: OcrPageOutput): Promise<ScriptDetection | null> {
  const m = first.meta;
  if (m.blank || (m.wordCount === 0 && !m.unreadable)) return null;
  if (!m.unreadable && (m.meanConfidence ?? 0) >= DOUBTFUL_CONFIDENCE) return null;
  const found = await detectScript(first.raster);
  if (!found || found.script === 'Latin' || found.script === 'Common' || !SCRIPT_LANGUAGES[found.script]) return null;
  if (found.confidence < (m.unreadable ? UNREADABLE_SCRIPT_MARGIN : SCRIPT_MARGIN)) return null;
  return found;
}

/**
 * After the English reading `first`: read the page in its own script's installed languages,
 * or in every other installed language when it read as nothing; say what was done. Returns
 * null when the English reading stands as it is.
 */
export async function readBeyondEnglish(first: OcrPageOutput, engineName: string, options: OcrPageOptions): Promise<BeyondEnglish | null> {
  // Columns of CJK glyphs need vertical language data and their own order (page-vertical-text.ts).
  const vertical = await readVerticalText(first, engineName, options);
  if (vertical) return vertical;
  const script = await foreignScript(first);
  // Vertical data reads only vertical pages (page-vertical-text.ts); on a horizontal page it reads junk.
  const installed = installedLanguages().filter((l) => l !== 'eng' && !l.endsWith('_vert'));
  const candidates = script ? SCRIPT_LANGUAGES[script.script]!.filter((l) => installed.includes(l)) : first.meta.unreadable ? installed : [];
  const other = candidates.length ? await readInOtherLanguage(first.raster, engineName, options, candidates) : null;
  const tag = script ? `script ${script.script} (tesseract OSD, margin ${script.confidence.toFixed(2)})` : null;
  if (other) {
    const why = tag ? `the page is in ${tag}` : 'the page does not read as English';
    return { output: other.output, script, warnings: [`read with the ${other.language} language data: ${why}`] };
  }
  if (!script) return null;
  const wanted = SCRIPT_LANGUAGES[script.script]!;
  const runs = first.runs.map((r) => ({ ...r, confidence: Math.min(r.confidence ?? 0, FOREIGN_SCRIPT_CONFIDENCE) }));
  const note =
    `${tag}: no installed OCR language reads this script (installed: ${installedLanguages().join(', ')}); ` +
    `install one to read it: npm install ${wanted.slice(0, 3).map((l) => `@tesseract.js-data/${l}`).join(' or ')}` +
    (runs.length ? `. The ${runs.length} words shown are an English reading, confidence ≤ ${FOREIGN_SCRIPT_CONFIDENCE}` : '');
  return { output: { ...first, runs }, script, warnings: [note] };
}

async function readInOtherLanguage(raster: RasterImage, engineName: string, options: OcrPageOptions, languages: string[]): Promise<{ language: string; output: OcrPageOutput } | null> {
  const { getOcrEngine } = await import('../../engines/ocr/factory.js');
  let best: { language: string; output: OcrPageOutput } | null = null;
  for (const language of languages.slice(0, MAX_OTHER_LANGUAGES)) {
    const output = await ocrPage(raster, await getOcrEngine(engineName, { languages: [language] }), options);
    const conf = output.meta.meanConfidence ?? 0;
    if (output.meta.unreadable || output.runs.length === 0 || conf < OTHER_LANGUAGE_CONFIDENCE) continue;
    if (!best || conf > (best.output.meta.meanConfidence ?? 0)) best = { language, output };
  }
  return best;
}
