/**
 * Text lines → table rows, for tables whose rows are not drawn. A line continues the row
 * above when nothing separates them (no rule, no extra leading) and its text visibly goes
 * on: a cell ending in a hyphen, a conjunction or an open bracket, a line starting in lower
 * case; or, inside a header above numeric rows, a line whose cells all sit under cells of
 * the line above (multi-line column headings).
 */
export interface LineCells {
  top: number;
  bottom: number;
  /** Font size of the line. */
  size: number;
  /** Column index → text of the line in that column. */
  cols: Map<number, string>;
  bold: boolean;
}

const NUMERIC = /^[\s$€£¥%()+\-−–.,:;*/0-9]+$/;
const OPEN_END = /(?:[-–‐/,&(+]|\b(?:and|or|of|the|in|for|to|with|by|from|on|at|a|an|per|und|et|de|du|des|la|le|et|van|der)\b)$/i;
const CONTINUES = /^[\p{Ll}(]/u;

export function isNumericText(s: string): boolean {
  return /\d/.test(s) && NUMERIC.test(s);
}

/**
 * Two pieces of one line that read as one phrase: a word space apart (Helvetica's space is
 * 0.28 em, Times' 0.25) and the second going on in lower case ("How often" + "do you have
 * these"). Tight columns are wider apart: 0.35–0.46 em between the headings of camelot's
 * rotated contraception table, which 0.5 em glued into "method sterilization sterilization".
 */
const WORD_SPACE_EM = 0.3;

export function proseGoesOn(q: { x1: number; text: string }, p: { x0: number; size: number; text: string }): boolean {
  return p.x0 - q.x1 < WORD_SPACE_EM * p.size && /^\p{Ll}/u.test(p.text) && !isNumericText(q.text);
}

function continuesText(prev: string | undefined, cur: string): boolean {
  if (!prev) return false;
  return OPEN_END.test(prev.trim()) || CONTINUES.test(cur.trim());
}

function subset(a: Map<number, string>, b: Map<number, string>): boolean {
  for (const k of a.keys()) if (!b.has(k)) return false;
  return true;
}

/** Most lines one row may gather. */
const MAX_LINES_PER_ROW = 8;

/**
 * Group consecutive lines into rows. `breakBefore[i]` forces a new row at line i (a rule
 * lies between lines i-1 and i). Returns groups of line indices.
 */
export function groupRows(lines: readonly LineCells[], breakBefore: readonly boolean[]): number[][] {
  if (lines.length === 0) return [];
  const numericLine = lines.map((l) => [...l.cols.values()].some(isNumericText));
  const hasNumeric = numericLine.some(Boolean);
  // The header zone ends at the first numeric line or the first rule, whichever comes first.
  let headerEnd = lines.length;
  for (let i = 0; i < lines.length; i++) {
    if (numericLine[i] || (i > 0 && breakBefore[i])) {
      headerEnd = i;
      break;
    }
  }
  const groups: number[][] = [[0]];
  for (let i = 1; i < lines.length; i++) {
    const cur = lines[i]!;
    const prev = lines[i - 1]!;
    const group = groups[groups.length - 1]!;
    const lead = cur.top - prev.bottom;
    const tight = lead <= 0.6 * Math.max(prev.size, cur.size);
    let join = false;
    if (!breakBefore[i] && tight && group.length < MAX_LINES_PER_ROW && cur.cols.size > 0) {
      const everyContinues = [...cur.cols].every(([c, t]) => continuesText(prev.cols.get(c), t) && !isNumericText(t));
      const stubOnlyAbove = prev.cols.size === 1 && prev.cols.has(0) && cur.cols.has(0) && continuesText(prev.cols.get(0), cur.cols.get(0)!);
      const headerStack = hasNumeric && i < headerEnd && !numericLine[i] && subset(cur.cols, prev.cols) && cur.bold === prev.bold;
      join = everyContinues || stubOnlyAbove || headerStack;
    }
    if (join) group.push(i);
    else groups.push([i]);
  }
  return groups;
}
