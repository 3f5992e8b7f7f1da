/**
 * OCR repair of a company's legal form at the end of its name: "WAHIN HARDWARE SIN BHD" →
 * "... SDN BHD", "99 SPEED MART 5/8" → "... S/B". A legal form is a closed, known vocabulary
 * (the forms of several countries below), printed in small receipt type where OCR confuses
 * look-alike glyphs (5/S, 8/B, 0/O, 1/I); a name's last words that are one such confusion, or
 * one edit in a two-word form with the other word exact, away from a form are read as the form.
 * The citation still boxes the printed words. Generic vocabulary, no document's rule.
 */

/** Canonical forms, upper case, as token sequences (two letters or more per form in total ≥ 3). */
const FORMS: string[][] = [
  ['SDN', 'BHD'], ['S/B'], ['BHD'], ['BERHAD'], ['LTD'], ['LIMITED'], ['LLC'], ['LLP'], ['INC'], ['GMBH'], ['PLC'], ['PTE', 'LTD'], ['PTY', 'LTD'],
  ['PVT', 'LTD'], ['CORP'], ['SARL'], ['S.A.R.L.'], ['S.A.S.'], ['B.V.'], ['N.V.'], ['S.P.A.'], ['S.R.L.'], ['OHG'], ['GBR'], ['K.K.'],
];

/** Look-alike glyphs OCR swaps; each class maps to its first member for comparison. */
const CONFUSABLE = ['S5$', 'B8', 'O0QD', 'I1L|!', 'Z2', 'G6', 'T7'];
const canon = (s: string) =>
  s
    .toUpperCase()
    .split('')
    .map((ch) => CONFUSABLE.find((c) => c.includes(ch))?.[0] ?? ch)
    .join('');

export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)] as number[]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
  }
  return d[a.length]![b.length]!;
}

/** Whether two words differ by look-alike glyphs or one edit only (a repaired word and its printed form). */
export function ocrEquivalent(a: string, b: string): boolean {
  return canon(a) === canon(b) || (Math.min(a.length, b.length) >= 3 && editDistance(a.toUpperCase(), b.toUpperCase()) <= 1);
}

/** Letters, digits and the slash of "S/B": a printed "SDN." is the form, not a slip of it. */
const core = (s: string) => s.toUpperCase().replace(/[^\p{L}\p{N}/]/gu, '');

function matches(printed: string[], form: string[]): boolean {
  if (printed.every((w, i) => core(w) === core(form[i]!))) return false; // already right (punctuation as printed)
  const words = printed.map(core);
  form = form.map(core);
  if (words.every((w, i) => canon(w) === canon(form[i]!))) return true;
  if (form.length < 2) return false;
  // One edit in one word of a two-word form, the other word exact ("SIN BHD").
  const exact = words.filter((w, i) => w.toUpperCase() === form[i]).length;
  const edits = words.reduce((n, w, i) => n + editDistance(w.toUpperCase(), form[i]!), 0);
  return exact === form.length - 1 && edits === 1 && words.every((w) => w.length >= 3);
}

/** The value with its trailing legal form read right, in the value's own case style. */
export function repairLegalForm(value: string): string {
  const words = value.trim().split(/\s+/);
  if (words.length < 2) return value;
  for (const form of FORMS) {
    if (words.length <= form.length) continue;
    const tail = words.slice(-form.length);
    if (!matches(tail, form)) continue;
    const upper = value.replace(/[^\p{L}]/gu, '') === value.replace(/[^\p{L}]/gu, '').toUpperCase();
    const fixed = form.map((f, i) => (upper ? f : tail[i]!.length === f.length && /^\p{Lu}\p{Ll}/u.test(tail[i]!) ? f[0] + f.slice(1).toLowerCase() : f));
    return [...words.slice(0, -form.length), ...fixed].join(' ');
  }
  return value;
}
