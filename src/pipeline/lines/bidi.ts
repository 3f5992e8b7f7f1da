/**
 * Right-to-left lines. PDF glyphs are placed in visual (left-to-right) order; Arabic and
 * Hebrew read right to left, so a line that is mostly RTL is reversed into logical order,
 * with embedded left-to-right runs (numbers, Latin words) kept in their own order.
 */
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const RTL_G = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/g;
const LTR_RUN = /[A-Za-z0-9\u00C0-\u024F][A-Za-z0-9\u00C0-\u024F.,:/%+\-]*/g;
const MIRROR: Record<string, string> = { '(': ')', ')': '(', '[': ']', ']': '[', '{': '}', '}': '{', '<': '>', '>': '<' };

export function visualToLogical(line: string): string {
  if (!RTL.test(line)) return line;
  const letters = line.replace(/[^\p{L}]/gu, '').length;
  const rtl = (line.match(RTL_G) ?? []).length;
  if (rtl * 2 < letters) return line;
  const reversed = [...line].reverse().map((c) => MIRROR[c] ?? c).join('');
  return reversed.replace(LTR_RUN, (run) => [...run].reverse().join(''));
}
