/**
 * `segment_processing.Table` in parse: `Auto` is what Quire does (tables rebuilt from the
 * text layer or OCR words). Model-based strategies have no local model in this build: the
 * job runs with the local result and says so in `metadata.notes`.
 */
import type { SegmentProcessingEntry } from './options.js';

/** segment_processing.Table.use_table_ocr asked (true or "true"). */
export function usesTableOcr(processing: Record<string, SegmentProcessingEntry>): boolean {
  const v = processing.Table?.use_table_ocr;
  return v === true || v === 'true';
}

export function tableProcessingNotes(processing: Record<string, SegmentProcessingEntry>): string[] {
  const t = processing.Table;
  if (!t) return [];
  const notes: string[] = [];
  const local = 'no model runs in this build; Table segments are built locally from the text layer or OCR words (Auto)';
  if (t.html === 'VLM') notes.push(`segment_processing.Table.html=VLM: ${local}.`);
  if (t.markdown === 'VLM') notes.push(`segment_processing.Table.markdown=VLM: ${local}.`);
  if (t.content_source === 'VLM' || t.content_source === 'LLM') notes.push(`segment_processing.Table.content_source=${t.content_source}: ${local}.`);
  if (typeof t.model_id === 'string') notes.push(`segment_processing.Table.model_id=${t.model_id}: ${local}.`);
  if (usesTableOcr(processing)) notes.push('segment_processing.Table.use_table_ocr: on OCRed pages (scans, page images) each cell of a ruled table is read again from its own crop; tables of text-layer pages keep the text layer.');
  if (t.vlm !== undefined) notes.push('segment_processing.Table.vlm: prompts are not used without a model.');
  if (t.translation !== undefined) notes.push('segment_processing.Table.translation: not available offline; tables keep their original language.');
  return notes;
}
