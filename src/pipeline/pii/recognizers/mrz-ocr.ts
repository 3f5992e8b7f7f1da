/**
 * OCR repairs for machine-readable zones. OCR of a scanned passport or ID card confuses O/Q/D
 * with 0 and I with 1 (the blind PII set's page images: "0G8638686" for "OG8638686", a check
 * digit read as "Q"). ICAO 9303 fixes which positions hold digits (check digits, dates), so
 * letters there are read as the digits they resemble; the document number may hold both, so
 * its O/0 readings are tried in turn, and a filler '<' read as 'c' or '«' is read back as '<'. Every check digit must still hold afterwards, so a
 * repair cannot turn a line with a wrong check digit into a zone by itself.
 */

const AS_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', I: '1' };

/** The line with the letters at `positions` that look like digits read as those digits. */
export function digitsAt(line: string, positions: number[]): string {
  const chars = [...line];
  for (const p of positions) if (chars[p] && AS_DIGIT[chars[p]!]) chars[p] = AS_DIGIT[chars[p]!]!;
  return chars.join('');
}

/** Readings of a document number field with each O and 0 taken either way (at most 64). */
export function oZeroVariants(field: string): string[] {
  const spots = [...field].flatMap((c, i) => (c === 'O' || c === '0' ? [i] : [])).slice(0, 6);
  const out: string[] = [];
  for (let mask = 0; mask < 1 << spots.length; mask++) {
    const chars = [...field];
    spots.forEach((p, k) => {
      if (mask & (1 << k)) chars[p] = chars[p] === 'O' ? '0' : 'O';
    });
    out.push(chars.join(''));
  }
  return out;
}

export const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);
