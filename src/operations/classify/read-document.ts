/**
 * The one place classification and splitting obtain the neutral document of their input:
 * the run context's parseDocument (the parse pipeline inside this job, pages charged once),
 * with no crops (classification needs text and structure, not images). Titles and headings
 * are the strongest evidence, so the default layout analysis is kept (~40 ms a born-digital
 * page on one worker).
 */
import type { QuireDocument } from '../../model/quire-document.js';
import type { RunContext } from '../operation.js';

/** The document and how many pages it covers (pages without any item are blank). */
export async function readDocument(ctx: Pick<RunContext<unknown>, 'parseDocument'>, pageRange: string | null, password?: string): Promise<{ doc: QuireDocument; pageCount: number }> {
  const doc = await ctx.parseDocument({
    output_fields: '{"image":false}',
    ...(pageRange ? { page_range: pageRange } : {}),
    ...(password ? { password } : {}),
  });
  const pageCount = Math.max(0, ...doc.pages.map((p) => p.pageNumber), ...doc.items.map((i) => i.prov[0]?.pageNumber ?? 0));
  return { doc, pageCount };
}
