/**
 * Spacing accents drawn as glyphs of their own over a letter (TeX's \"o, \'e, \"\i and the
 * like): the text layer holds "Schr¨odinger", "na¨ıve". Composed here into the letter they
 * were drawn over. Used on a show-text's run (text-state.ts), and on a line where the accent
 * and its letter were drawn by two operations and the accent lies over the letter
 * (pipeline/lines/build-lines.ts, `isSpacingAccent`).
 */

const SPACING_ACCENT: Record<string, string> = {
  '\u00A8': '\u0308', // diaeresis
  '\u00B4': '\u0301', // acute
  '`': '\u0300', // grave
  '\u02C6': '\u0302', // circumflex
  '^': '\u0302',
  '\u02DC': '\u0303', // tilde
  '\u00AF': '\u0304', // macron
  '\u02C7': '\u030C', // caron
  '\u02D8': '\u0306', // breve
  '\u02D9': '\u0307', // dot above
  '\u02DA': '\u030A', // ring
  '\u00B8': '\u0327', // cedilla
};
const ACCENT_THEN_LETTER = /([\u00A8\u00B4`\u02C6^\u02DC\u00AF\u02C7\u02D8\u02D9\u02DA\u00B8])(\p{L})/gu;
/** An accent goes over a dotless i or j (TeX's \i, \j): the composed letter is the dotted one's. */
const DOTTED: Record<string, string> = { '\u0131': 'i', '\u0237': 'j' };

/** Compose a spacing accent with the letter it was drawn over (Schr¨odinger → Schrödinger, na¨ıve → naïve). */
export function composeAccents(text: string): string {
  return text.replace(ACCENT_THEN_LETTER, (_m, accent: string, letter: string) => {
    const composed = ((DOTTED[letter] ?? letter) + SPACING_ACCENT[accent]!).normalize('NFC');
    // Keep the original when no precomposed form exists (the pair was not an accent).
    return composed.length === 1 ? composed : accent + letter;
  });
}

/** A spacing accent that `composeAccents` composes with the letter after it. */
export function isSpacingAccent(text: string): boolean {
  return text.length === 1 && SPACING_ACCENT[text] !== undefined;
}
