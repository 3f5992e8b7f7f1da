/**
 * Output size: PDFium's full rewrite writes every object on its own, uncompressed (no object
 * streams), so a file whose original packed thousands of small objects (a tagged PDF's
 * structure tree) grows several-fold: scotus-transcript-p1 84 KB → 490 KB. pdf-lib (MIT, already
 * a dependency) re-reads the written file and saves it with object streams (Flate-compressed);
 * streams are copied as they are, nothing is re-encoded. Run only when the edited file grew
 * past GROWTH_LIMIT × the original (so most edits never load pdf-lib, 0.2 s CPU to import) and
 * never on an encrypted file (pdf-lib cannot write one: it refuses to load it, and an owner-
 * password-only file opened without a password lands in the catch the same way). edit-pdf.ts runs its leak check and
 * page guard on the compacted bytes, so what is returned is what was checked. Any failure
 * keeps PDFium's bytes. Measured in README.md.
 */

/** Compact when the edited file is more than this many times the original. */
export const GROWTH_LIMIT = 1.25;

export function shouldCompact(originalSize: number, editedSize: number, encrypted: boolean): boolean {
  return !encrypted && editedSize > GROWTH_LIMIT * originalSize && editedSize > 64 * 1024;
}

/** The same document written with object streams; `bytes` itself when that is not smaller. */
export async function compactPdf(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: false, throwOnInvalidObject: true });
    const out = await doc.save({ useObjectStreams: true, updateFieldAppearances: false, addDefaultPage: false });
    return out.length < bytes.length ? out : bytes;
  } catch {
    return bytes;
  }
}
