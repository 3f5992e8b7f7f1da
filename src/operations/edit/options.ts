/**
 * Options of the PDF edit operation (spec: POST {editor_url}/pdf-editor/edit/reparse):
 * `edit_request` (a JSON object, or its text, with `items`), `image_files` (uploaded images by
 * name), `upload_to_storage`, `job_id`. Edit items: `type` text|image, `page_number` (1-based),
 * `password` (opens an encrypted PDF; the parse option's name), `bbox` {left, top, width, height} in PDF points from the top-left corner of the page as
 * displayed (crop box, after /Rotate: the frame of every Quire bbox), `replacement_text`
 * (text items; "" = pure redaction) or `image_file` (image items). Everything is checked here,
 * before the PDF is touched; what needs the PDF (page count, page size) is checked by the edit.
 */
import { ValidationError } from '../../errors.js';
import { toBool, toJson, toStr } from '../../options/coerce.js';
import type { DisplayBox } from '../../formats/pdf/edit/page-frame.js';

/** More items than this in one request is refused (a page has rarely more than a few hundred). */
export const MAX_EDIT_ITEMS = 2000;
/** Longest replacement text accepted. */
export const MAX_REPLACEMENT_CHARS = 2000;

export interface EditItem {
  type: 'text' | 'image';
  page_number: number;
  bbox: DisplayBox;
  replacement_text?: string;
  image_file?: string;
}

export interface EditOptions {
  items: EditItem[];
  /** Uploaded images by file name. */
  image_files: Map<string, Uint8Array>;
  upload_to_storage: boolean;
  job_id: string | null;
  /** Password of an encrypted PDF (user or owner password); null: none given. */
  password: string | null;
}

function num(field: string, v: unknown): number {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw new ValidationError(field, `expected a number, got ${JSON.stringify(v)}`);
  return n;
}

function item(raw: unknown, i: number, images: Map<string, Uint8Array>): EditItem {
  const at = `edit_request.items[${i}]`;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ValidationError(at, 'expected an object');
  const r = raw as Record<string, unknown>;
  const type = String(r.type ?? '').trim().toLowerCase();
  if (type !== 'text' && type !== 'image') throw new ValidationError(`${at}.type`, `expected "text" or "image", got ${JSON.stringify(r.type)}`);
  const page = num(`${at}.page_number`, r.page_number);
  if (!Number.isInteger(page) || page < 1) throw new ValidationError(`${at}.page_number`, `expected an integer from 1, got ${JSON.stringify(r.page_number)}`);
  const b = r.bbox;
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw new ValidationError(`${at}.bbox`, 'expected {left, top, width, height} in PDF points from the top-left corner of the page');
  const box = Object.fromEntries((['left', 'top', 'width', 'height'] as const).map((k) => [k, num(`${at}.bbox.${k}`, (b as Record<string, unknown>)[k])])) as unknown as DisplayBox;
  if (box.width <= 0 || box.height <= 0) throw new ValidationError(`${at}.bbox`, `width and height must be positive, got ${box.width} x ${box.height}`);
  if (box.left < 0 || box.top < 0) throw new ValidationError(`${at}.bbox`, `left and top must be 0 or more (origin: the top-left corner of the page), got ${box.left}, ${box.top}`);
  if (type === 'text') {
    const text = r.replacement_text ?? '';
    if (typeof text !== 'string') throw new ValidationError(`${at}.replacement_text`, 'expected a string');
    if (text.length > MAX_REPLACEMENT_CHARS) throw new ValidationError(`${at}.replacement_text`, `at most ${MAX_REPLACEMENT_CHARS} characters`);
    return { type, page_number: page, bbox: box, replacement_text: text };
  }
  const name = r.image_file;
  if (typeof name !== 'string' || !name) throw new ValidationError(`${at}.image_file`, 'an image item names one of the uploaded image_files');
  if (!images.has(name)) throw new ValidationError(`${at}.image_file`, `no uploaded image is named "${name}" (uploaded: ${[...images.keys()].join(', ') || 'none'})`);
  return { type, page_number: page, bbox: box, image_file: name };
}

/** A password is used as given (spaces are valid in passwords); "" means none. */
function passwordOf(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string') throw new ValidationError('password', 'expected a string');
  if (v.length > 1024) throw new ValidationError('password', 'at most 1024 characters');
  return v;
}

export function validateEditOptions(raw: { edit_request?: unknown; image_files?: Map<string, Uint8Array> | Record<string, Uint8Array>; upload_to_storage?: unknown; job_id?: unknown; password?: unknown }): EditOptions {
  const images = raw.image_files instanceof Map ? raw.image_files : new Map(Object.entries(raw.image_files ?? {}));
  if (raw.edit_request === undefined || raw.edit_request === null || raw.edit_request === '') throw new ValidationError('edit_request', 'required: a JSON object with "items"');
  const req = toJson('edit_request', raw.edit_request);
  if (!req || typeof req !== 'object' || Array.isArray(req) || !Array.isArray((req as { items?: unknown }).items)) {
    throw new ValidationError('edit_request', 'expected a JSON object with an "items" array');
  }
  const rawItems = (req as { items: unknown[] }).items;
  if (rawItems.length === 0) throw new ValidationError('edit_request.items', 'at least one edit item is needed');
  if (rawItems.length > MAX_EDIT_ITEMS) throw new ValidationError('edit_request.items', `${rawItems.length} items; at most ${MAX_EDIT_ITEMS} in one request`);
  const jobId = toStr('job_id', raw.job_id);
  return {
    items: rawItems.map((r, i) => item(r, i, images)),
    image_files: images,
    upload_to_storage: toBool('upload_to_storage', raw.upload_to_storage, false),
    job_id: jobId && jobId.trim() ? jobId.trim() : null,
    password: passwordOf(raw.password),
  };
}
