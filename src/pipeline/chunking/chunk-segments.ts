/**
 * Segments → chunks. A chunk is a section: it starts at a Title or SectionHeader and
 * grows until the next heading or until it would exceed the word budget. Page headers and
 * footers stay in the chunk where they occur but are left out of its embed text.
 */
import type { Chunk, Segment } from '../../model/document.js';
import { stableId } from '../../model/ids.js';
import { countWords } from '../count-words.js';

export interface ChunkOptions {
  /** Word budget per chunk (embed text). */
  targetWords: number;
}

export const DEFAULT_CHUNK_WORDS = 512;

const NOT_EMBEDDED = new Set(['PageHeader', 'PageFooter']);

export function chunkSegments(segments: readonly Segment[], docKey: string, opts: ChunkOptions = { targetWords: DEFAULT_CHUNK_WORDS }): Chunk[] {
  const chunks: Chunk[] = [];
  let cur: Segment[] = [];
  let words = 0;
  const flush = () => {
    if (cur.length === 0) return;
    const embed = cur
      .filter((s) => !NOT_EMBEDDED.has(s.segment_type))
      .map((s) => s.embed)
      .filter(Boolean)
      .join('\n\n');
    // The embed text joins the counted segments with blank lines, so its words are `words`.
    chunks.push({ chunk_id: stableId(docKey, 'chunk', chunks.length, cur[0]!.segment_id), chunk_length: words, segments: cur, embed });
    cur = [];
    words = 0;
  };
  for (const s of segments) {
    const w = NOT_EMBEDDED.has(s.segment_type) ? 0 : countWords(s.embed);
    const heading = s.segment_type === 'Title' || s.segment_type === 'SectionHeader' || s.segment_type === 'Page';
    const onlyHeadings = cur.every((c) => c.segment_type === 'Title' || c.segment_type === 'SectionHeader' || NOT_EMBEDDED.has(c.segment_type));
    if ((heading && !onlyHeadings) || (words > 0 && words + w > opts.targetWords)) flush();
    cur.push(s);
    words += w;
  }
  flush();
  return chunks;
}
