/**
 * Applies `response_profile` / `output_fields`, the segment naming convention and the
 * image form (file URL or data URI) to stored chunks when a job is read. The stored result
 * keeps everything, so the same job can be read in several shapes.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Chunk, Segment } from '../model/document.js';

/** The spec's `output_fields` keys (the parse operation's option; serializers apply it). */
export const OUTPUT_FIELDS = ['html', 'markdown', 'ocr', 'image', 'content', 'bbox', 'confidence', 'embed', 'chart_data'] as const;
export type OutputField = (typeof OUTPUT_FIELDS)[number];

/** Every field shown: the view of operations that have no output_fields option. */
export const ALL_OUTPUT_FIELDS: Readonly<Record<OutputField, boolean>> = Object.fromEntries(OUTPUT_FIELDS.map((k) => [k, true])) as Record<OutputField, boolean>;

export interface ViewOptions {
  response_profile: 'slim' | 'full' | 'custom' | null;
  output_fields: Record<OutputField, boolean>;
  segment_naming: 'Service' | 'Other';
  base64Images: boolean;
}

/** The `Other` naming convention's alternative type names. */
const OTHER_NAMES: Record<string, string> = {
  PageHeader: 'Header',
  PageFooter: 'Footer',
  ListItem: 'List Item',
  Picture: 'Figure',
  SectionHeader: 'Section Header',
  KeyValuePair: 'Key Value Pair',
};

const SLIM_DROPS = new Set(['content', 'image', 'ocr', 'confidence', 'chart_data', 'page_height', 'page_width']);

function toDataUri(url: string): string {
  if (!url.startsWith('file:')) return url;
  try {
    const file = fileURLToPath(url);
    const ext = file.split('.').pop()?.toLowerCase();
    const mime = ext === 'jpg' || ext === 'jpeg' ? 'image/jpeg' : 'image/png';
    return `data:${mime};base64,${fs.readFileSync(file).toString('base64')}`;
  } catch {
    return url;
  }
}

function viewSegment(s: Segment, o: ViewOptions): Record<string, unknown> {
  const out: Record<string, unknown> = { ...s };
  if (o.segment_naming === 'Other') out.segment_type = OTHER_NAMES[s.segment_type] ?? s.segment_type;
  if (typeof out.image === 'string' && o.base64Images) out.image = toDataUri(out.image);
  if (o.response_profile === 'slim') {
    for (const k of SLIM_DROPS) delete out[k];
    // Slim keeps HTML for tables and markdown for everything else.
    if (s.segment_type === 'Table') delete out.markdown;
    else delete out.html;
    return out;
  }
  if (o.response_profile === 'full') return out;
  // No profile or `custom`: output_fields decides (all true by default).
  for (const [k, keep] of Object.entries(o.output_fields)) if (!keep) delete out[k];
  return out;
}

export function viewChunks(chunks: readonly Chunk[], o: ViewOptions): Array<Record<string, unknown>> {
  return chunks.map((c) => {
    const chunk: Record<string, unknown> = { ...c, segments: c.segments.map((s) => viewSegment(s, o)) };
    if (o.response_profile !== 'slim' && o.response_profile !== 'full' && !o.output_fields.embed) delete chunk.embed;
    return chunk;
  });
}
