/**
 * Golden outputs compare whole job results byte for byte, so the few fields that vary from
 * run to run by design are rewritten deterministically first: ids derived from the random job
 * id (job, segment, chunk, table ids) become `<id-N>` in order of first appearance, times
 * become `<time>`, the test's temporary data folder becomes `<data>` and the checkout's folder `<repo>`, and the measured
 * `processing_time` becomes 0. Nothing else is touched: any other change is a real change.
 */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

export function normaliseResult(value: unknown, dataDir: string, repoRoot: string): string {
  const ids = new Map<string, string>();
  const dataUrl = new URL(`file://${dataDir}`).href;
  const repoUrl = new URL(`file://${repoRoot}`).href;
  const walk = (v: unknown, key?: string): unknown => {
    if (typeof v === 'string') {
      if (ISO_TIME.test(v)) return '<time>';
      const s = v.split(dataUrl).join('<data>').split(dataDir).join('<data>').split(repoUrl).join('<repo>').split(repoRoot).join('<repo>');
      return s.replace(UUID, (m) => {
        if (!ids.has(m)) ids.set(m, `<id-${ids.size + 1}>`);
        return ids.get(m)!;
      });
    }
    if (typeof v === 'number' && key === 'processing_time') return 0;
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    return v;
  };
  return JSON.stringify(walk(value), null, 1) + '\n';
}
