/**
 * How a line or a cell ends its sentence, read by block building (a paragraph's end) and by
 * stream tables (prose columns whose sentences run down): one pattern for both, so a link
 * word added for one is known to the other.
 */

/** The sentence runs on past this text: a comma, a hyphen or a link word ends it. */
export const RUNS_ON_END = /(?:[,\-‐]|\b(?:a|an|and|as|at|by|for|from|in|of|on|or|the|to|with))\s*$/iu;
