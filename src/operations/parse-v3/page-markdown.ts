/**
 * A parse result's chunks → the v3 `pages[]`: each selected page's segment markdown in
 * reading order, joined by blank lines (so v3 pages, the markdown export and the chunks'
 * markdown all say the same thing). Pages without segments are listed with ''.
 */
import type { Chunk } from '../../model/document.js';

export interface V3Page {
  page: number;
  markdown: string;
}

export function pagesFromChunks(chunks: ReadonlyArray<Pick<Chunk, 'segments'>>, pageNumbers: readonly number[]): V3Page[] {
  const byPage = new Map<number, string[]>(pageNumbers.map((p) => [p, []]));
  for (const c of chunks) {
    for (const s of c.segments) {
      const md = (s.markdown ?? '').trim();
      if (!md) continue;
      let list = byPage.get(s.page_number);
      if (!list) byPage.set(s.page_number, (list = []));
      list.push(md);
    }
  }
  return [...byPage.entries()].sort((a, b) => a[0] - b[0]).map(([page, parts]) => ({ page, markdown: parts.join('\n\n') }));
}
