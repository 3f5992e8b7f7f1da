/**
 * Letters as the text layer's readers test them: one letter with its combining accents, or
 * two (a kerned pair drawn as one piece, "Ve"). Shared by the PDF reader, which records the
 * gaps of runs spaced at every glyph, and the lines stage, which reads letter-spaced words
 * from them (formats/pdf/text-state.ts, pipeline/lines/letter-spacing.ts).
 */
export const ONE_LETTER = /^\p{L}\p{M}*$/u;
export const ONE_OR_TWO_LETTERS = /^\p{L}\p{M}*(?:\p{L}\p{M}*)?$/u;
