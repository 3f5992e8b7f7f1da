/**
 * `segment_processing.<Type>.content_source` (spec): which representation fills a segment's
 * `content`. `OCR` (default) keeps the plain text; `HTML` and `Markdown` copy the segment's
 * rendered html or markdown (links, strikethrough and table structure included), so a
 * caller that reads only `content` gets the representation it asked for. `VLM`/`LLM` need a
 * model this offline build does not have: content stays the text, and the job says so in
 * `metadata.notes` (Table's note comes from processing-notes.ts with the table options).
 * Applied to the segments before output_fields drop any field, so `content` is filled even
 * when the response omits html or markdown.
 */
import type { Segment } from '../../model/document.js';
import type { SegmentProcessingEntry } from './options.js';

export function applyContentSource(segments: Segment[], processing: Record<string, SegmentProcessingEntry>): Segment[] {
  if (!Object.values(processing).some((e) => e.content_source === 'HTML' || e.content_source === 'Markdown')) return segments;
  return segments.map((s) => {
    const source = processing[s.segment_type]?.content_source;
    if (source === 'HTML') return { ...s, content: s.html };
    if (source === 'Markdown') return { ...s, content: s.markdown };
    return s;
  });
}

/** Notes for content_source values that ask for a model (all types but Table). */
export function contentSourceNotes(processing: Record<string, SegmentProcessingEntry>): string[] {
  return Object.entries(processing)
    .filter(([type, e]) => type !== 'Table' && (e.content_source === 'VLM' || e.content_source === 'LLM'))
    .map(([type, e]) => `segment_processing.${type}.content_source=${e.content_source}: no model runs in this build; content is the segment's text (OCR).`);
}
