/**
 * Where two word sequences differ, as hunks of one Levenshtein alignment (issue 27: to
 * read and classify the word-order distance against pdftotext rather than guess at it).
 * The hunks' costs sum to exactly the word edit distance `wordEditDistance` reports, so the
 * share of the distance each kind of difference carries can be stated.
 *
 * Each hunk gets a mechanical kind, only to sort them for reading:
 * - `form`: the same characters split differently ("lucene bm25" / "lucenebm25",
 *   "na ıve" / "naı̈ve", a footnote mark glued to a word): tokenisation, not order;
 * - `moved`: at least half of the hunk's words appear, in order, as a hunk on the
 *   other side elsewhere (a block read at another place);
 * - `other`: words only one side has, or changed beyond a split.
 * Whether a moved block is pdftotext's mistake, a defensible choice or ours is for a
 * person reading the page (bench/reading-order.ts --diff prints the hunks with context).
 */

export interface Hunk {
  /** Index of the hunk's first word in `a` (ours) and `b` (the reference). */
  at: number;
  atRef: number;
  ours: string[];
  ref: string[];
  /** Edit operations of the alignment inside this hunk. */
  cost: number;
  kind: 'form' | 'moved' | 'other';
}

/** Levenshtein alignment of two word sequences, as hunks of non-matching words. */
export function alignHunks(a: readonly string[], b: readonly string[]): Hunk[] {
  const n = a.length, m = b.length;
  const w = m + 1;
  const d = new Uint32Array((n + 1) * w);
  for (let j = 0; j <= m; j++) d[j] = j;
  for (let i = 1; i <= n; i++) {
    d[i * w] = i;
    for (let j = 1; j <= m; j++) {
      const sub = d[(i - 1) * w + j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      d[i * w + j] = Math.min(sub, d[(i - 1) * w + j]! + 1, d[i * w + j - 1]! + 1);
    }
  }
  // Backtrace: ops from the end, then reversed.
  type Op = { i: number; j: number; kind: 'eq' | 'sub' | 'del' | 'ins' };
  const ops: Op[] = [];
  let i = n, j = m;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && d[i * w + j] === d[(i - 1) * w + j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)) {
      ops.push({ i: i - 1, j: j - 1, kind: a[i - 1] === b[j - 1] ? 'eq' : 'sub' });
      i--;
      j--;
    } else if (i > 0 && d[i * w + j] === d[(i - 1) * w + j]! + 1) {
      ops.push({ i: i - 1, j, kind: 'del' });
      i--;
    } else {
      ops.push({ i, j: j - 1, kind: 'ins' });
      j--;
    }
  }
  ops.reverse();
  const hunks: Hunk[] = [];
  let cur: Hunk | null = null;
  for (const op of ops) {
    if (op.kind === 'eq') {
      cur = null;
      continue;
    }
    if (!cur) {
      cur = { at: op.i, atRef: op.j, ours: [], ref: [], cost: 0, kind: 'other' };
      hunks.push(cur);
    }
    cur.cost++;
    if (op.kind !== 'ins') cur.ours.push(a[op.i]!);
    if (op.kind !== 'del') cur.ref.push(b[op.j]!);
  }
  for (const h of hunks) h.kind = kindOf(h, hunks);
  return hunks;
}

function kindOf(h: Hunk, all: readonly Hunk[]): Hunk['kind'] {
  if (h.ours.join('') === h.ref.join('')) return 'form';
  // A small hunk whose characters nearly agree (a glyph decomposed, a mark glued) is form too.
  const x = h.ours.join(''), y = h.ref.join('');
  if (x.length && y.length && h.cost <= 3 && charLcs(x, y) >= 0.8 * Math.max(x.length, y.length)) return 'form';
  const mine = h.ours.length >= h.ref.length ? h.ours : h.ref;
  const side = mine === h.ours ? 'ref' : 'ours';
  if (mine.length >= 3) {
    const key = (ws: readonly string[]) => new Set(ws.slice(0, -2).map((_, k) => ws.slice(k, k + 3).join(' ')));
    const mineKeys = key(mine);
    for (const o of all) {
      if (o === h) continue;
      const other = key(o[side]);
      let shared = 0;
      for (const k of mineKeys) if (other.has(k)) shared++;
      if (mineKeys.size > 0 && shared >= 0.5 * mineKeys.size) return 'moved';
    }
  }
  return 'other';
}

function charLcs(x: string, y: string): number {
  const prev = new Uint16Array(y.length + 1);
  const row = new Uint16Array(y.length + 1);
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) row[j] = x[i - 1] === y[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, row[j - 1]!);
    prev.set(row);
  }
  return prev[y.length]!;
}
