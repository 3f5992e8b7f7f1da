/**
 * Runs one PDF edit: decode the uploaded images, hand the surgery to a worker (PDFium in WASM
 * blocks its thread for the edit's duration), keep the edited file when asked, and submit the
 * re-parse when a job id was given. Problems with the PDF itself (not a PDF, encrypted,
 * corrupt, page out of range, box off the page, a redaction that did not take) come back as
 * `success: false` with a message; a malformed request is a ValidationError before anything.
 * The input bytes are never modified (the worker gets a copy; PDFium edits its own copy).
 */
import sharp from 'sharp';
import { ValidationError, errorMessage } from '../../errors.js';
import { sniff } from '../../input/sniff.js';
import type { PdfEdit, RawImage } from '../../formats/pdf/edit/apply-edits.js';
import { standardFontCanEncode } from '../../formats/pdf/edit/apply-edits.js';
import type { EditPdfOutput, EditPdfTask } from '../../formats/pdf/edit/edit-pdf.js';
import type { EditOptions } from './options.js';
import { editFailure, editSuccess, type PdfEditResult } from './views.js';

/** Replacement images are scaled down to this many pixels on their longer side. */
const MAX_IMAGE_SIDE = 2000;

export interface EditContext {
  /** Runs the edit (a worker task in the engine). */
  edit(task: EditPdfTask): Promise<EditPdfOutput>;
  /** Keeps the edited PDF and returns its URL (upload_to_storage). */
  keep(bytes: Uint8Array): Promise<string>;
  /** Submits a parse of the edited PDF with job `jobId`'s configuration; returns the new job id. */
  reparse(bytes: Uint8Array, jobId: string): Promise<string>;
}

export interface EditOutcome {
  result: PdfEditResult;
  /** The edited PDF (absent when the edit failed). */
  pdf?: Uint8Array;
}

async function decodeImage(name: string, bytes: Uint8Array): Promise<RawImage> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { rgba: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
  } catch (err) {
    throw new ValidationError(`image_files.${name}`, `not a readable image (${errorMessage(err)})`);
  }
}

/** By the engine's sniffing (signature at offset 0 first): a PNG quoting "%PDF-" is not a PDF. */
const isPdf = (b: Uint8Array) => sniff(b) === 'pdf';

export async function runEdit(input: Uint8Array, options: EditOptions, ctx: EditContext): Promise<EditOutcome> {
  for (const [i, it] of options.items.entries()) {
    if (it.type === 'text' && !standardFontCanEncode(it.replacement_text ?? '')) {
      throw new ValidationError(`edit_request.items[${i}].replacement_text`, 'has characters outside the standard PDF font set (Latin-1); only those can be drawn');
    }
  }
  if (!isPdf(input)) return { result: editFailure('The file is not a PDF.', input.length) };
  const decoded = new Map<string, RawImage>();
  for (const it of options.items) {
    if (it.type === 'image' && !decoded.has(it.image_file!)) decoded.set(it.image_file!, await decodeImage(it.image_file!, options.image_files.get(it.image_file!)!));
  }
  const edits: PdfEdit[] = options.items.map((it) => ({
    kind: it.type,
    pageNumber: it.page_number,
    box: it.bbox,
    ...(it.type === 'text' ? { text: it.replacement_text ?? '' } : { image: decoded.get(it.image_file!)! }),
  }));
  let out: EditPdfOutput;
  try {
    out = await ctx.edit({ data: input.slice(), edits, ...(options.password !== null ? { password: options.password } : {}) });
  } catch (err) {
    return { result: editFailure(`The PDF was not edited: ${errorMessage(err)}`, input.length) };
  }
  const pdfUrl = options.upload_to_storage ? await ctx.keep(out.bytes) : undefined;
  const newJobId = options.job_id ? await ctx.reparse(out.bytes, options.job_id) : undefined;
  return {
    result: editSuccess({ originalSize: input.length, editedSize: out.bytes.length, items: out.itemsProcessed, pdfUrl, newJobId }),
    pdf: out.bytes,
  };
}
