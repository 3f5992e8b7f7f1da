/**
 * A rule drawn across a candidate block between two sections of a page (issue 27 item 7).
 * An invoice sets its line items right under its address block, a rule across the page
 * between them: the lines run on within the block gap, so one candidate block held both, and
 * the whole was no table (an address block's lines are no rows of the item table's columns).
 * The item table was lost with it, its column labels typed SectionHeader one by one.
 *
 * A block is cut at such a rule when it is a table's top rule (a second rule across the
 * block closes a header band one to four lines under it) and the lines from the rule down
 * pass for a table on their own. The three lines or more above it are left out when they do
 * not pass for a table; when they do, they are a table of their own only if fewer than half
 * the column gaps below line up with one above (within 1.5 line sizes), as an address grid's
 * over an item table's (two address columns have one gap, which may fall near one of the
 * item table's by chance: a consultant's invoice generated after a first version, which
 * asked for no gap in common, kept its addresses as the item table's first rows). Headings
 * wrapped over lines above a midrule (ICDAR's us-020, eu-014) have no such band under that
 * rule, and a first version that cut at any rule with a non-table above cut them off. ICDAR's eu-014 and eu-027 and camelot's flag_size hold a band of group
 * headings between rules inside one table, its columns continuing across: a version that cut
 * there whatever the columns split them (exact tables 83 → 81 and 33 → 32).
 *
 * `ruleNear` (a rule just outside a block, which stream-regions grows its tables to) lives
 * here with the other tests of rules against a block's lines.
 */
import type { BBox } from '../../model/document.js';
import type { ColumnGap } from './column-gaps.js';
import { coverage, type RuleSet } from './rule-segments.js';
import type { Chunk, TextLine } from './text-pieces.js';

interface BlockLine {
  line: TextLine;
  chunks: Chunk[];
}

/** Lines a side must hold to be a section of its own (not a header or total row, nor notes of two lines). */
const MIN_SECTION_LINES = 3;
/** Column headings wrap over up to four lines (stream-regions' MAX_HEADER_LINES). */
const MAX_HEADING_LINES = 4;
/** Share of the block's width the rules cover. */
const RULE_SPAN = 0.9;

/**
 * The block, or its parts at a table's top rule: the table from the rule down, and the lines
 * above it when they are a table of other columns (those that are no table are left out).
 * The part under a table of other columns goes into `apart`: no later step joins the two.
 */
export function cutAtSectionRule<L extends BlockLine>(
  block: L[],
  rules: RuleSet,
  tabular: (lines: readonly L[]) => boolean,
  gaps: (lines: readonly L[]) => ColumnGap[],
  apart: Set<L[]>,
): L[][] {
  if (block.length < 2 * MIN_SECTION_LINES || rules.h.length === 0) return [block];
  const x0 = Math.min(...block.map((l) => l.line.x0));
  const x1 = Math.max(...block.map((l) => l.line.x1));
  // The rules across the block, found once; then which gaps between its lines hold one.
  const across = [...new Set(rules.h.map((s) => s.pos))].filter((pos) => coverage(rules.h, pos, x0, x1, 1) >= RULE_SPAN);
  if (across.length === 0) return [block];
  const ruled = block.map((l, k) => k > 0 && across.some((pos) => pos >= block[k - 1]!.line.bottom - 1 && pos <= l.line.top + 1));
  for (let r = 1; r <= block.length - MIN_SECTION_LINES; r++) {
    if (!ruled[r]) continue;
    // The table's top rule: its header band closes with a second rule one to four lines down.
    let band = 1;
    while (band <= MAX_HEADING_LINES && r + band < block.length && !ruled[r + band]) band++;
    if (band > MAX_HEADING_LINES || r + band >= block.length) continue;
    // Or the rule under the table's column headings, set right above it.
    const gapsUnder = gaps(block.slice(r));
    const k = r - headingsOver(block, r, gapsUnder);
    // Headings that open the block: the rules below are its rows' (a statement ruled under each row).
    if (k === 0) return [block];
    if (k === r && k < MIN_SECTION_LINES) continue;
    const upper = block.slice(0, k);
    const lower = block.slice(k);
    if (!tabular(lower)) continue;
    if (!tabular(upper) || upper.length < MIN_SECTION_LINES) return [lower];
    // Two tables meet at the rule when their column gaps do not line up: fewer than half the
    // table's below stand within 1.5 line sizes of one above.
    const size = Math.max(...block.map((l) => l.line.size));
    const above = gaps(upper).map((g) => g.x);
    const below = (k === r ? gapsUnder : gaps(lower)).map((g) => g.x);
    if (below.filter((y) => above.some((x) => Math.abs(x - y) <= 1.5 * size)).length < 0.5 * below.length) {
      apart.add(lower);
      return [upper, lower];
    }
  }
  return [block];
}

/** Rule just outside the box, spanning most of its width, within `reach`. */
export function ruleNear(rules: RuleSet, box: BBox, above: boolean, reach: number): number | undefined {
  let best: number | undefined;
  for (const s of rules.h) {
    const d = above ? box.top - s.pos : s.pos - (box.top + box.height);
    if (d < -1 || d > reach) continue;
    const span = Math.min(s.b, box.left + box.width) - Math.max(s.a, box.left);
    if (span < 0.8 * box.width) continue;
    if (best === undefined || (above ? s.pos > best : s.pos < best)) best = s.pos;
  }
  return best;
}

/** Share of a table's columns its heading lines label. */
const LABELLED_COLUMNS = 2 / 3;

/**
 * How many lines right above `block[at]` (a rule between) are the column headings of the
 * lines from `at` down: set close together (their rule at most 1.2 line sizes under them),
 * no chunk across one of their column gaps (`gaps`), each over two columns or more, and
 * labelling two thirds of the columns between them (a bank statement's "Date | Description |
 * Money out (£) | …" over its rule, with no rule above). 0 when none.
 */
function headingsOver(block: readonly BlockLine[], at: number, gaps: readonly ColumnGap[]): number {
  if (gaps.length === 0) return 0;
  const column = (c: Chunk) => gaps.filter((g) => g.x < (c.x0 + c.x1) / 2).length;
  const labelled = new Set<number>();
  let n = 0;
  while (n < MAX_HEADING_LINES && at - n - 1 >= 0) {
    const l = block[at - n - 1]!;
    const size = l.line.size;
    // Across the rule a little wider than between the heading lines.
    if (block[at - n]!.line.top - l.line.bottom > (n === 0 ? 1.2 : 0.6) * size) break;
    if (l.chunks.some((c) => gaps.some((g) => c.x0 < g.g0 - 1 && c.x1 > g.g1 + 1))) break;
    // Each line labels two columns or more: a caption's last line or a unit line ("(%)") labels one.
    const columns = new Set(l.chunks.map(column));
    if (columns.size < 2) break;
    for (const c of columns) labelled.add(c);
    n++;
  }
  return labelled.size >= Math.max(2, LABELLED_COLUMNS * (gaps.length + 1)) ? n : 0;
}

