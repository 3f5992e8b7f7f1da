/**
 * A book's front matter, recognised by what every publisher prints there, whatever the book:
 * an ISBN, Cataloging-in-Publication data, "All rights reserved", "Printed in …", "First
 * published …", a publisher's imprint line ("The Penguin Press · New York"), "Also by …",
 * a dedication, a table of contents with page numbers. Front-matter pages hold few words,
 * so the words of the book's lexicon entry barely show there; these patterns are read from the
 * page's raw lines instead and become one cue (`frontMatter`, 0..1) that the book entry weighs.
 *
 * Why a cue and not more lexicon words: most of these signatures are line shapes (an imprint
 * line is short and ends in "Press"/"Books"/"Publishing"; a dedication is a short line opening
 * a near-empty page) that the bag of normalised words cannot see. Each kind counts once per
 * page; one strong kind (ISBN, CIP data, imprint) gives 0.5, two or more kinds give 1.
 * Manuals and reports print "All rights reserved" and have contents pages too, so those are weak
 * (0.25) and a page needs a second signature to count fully.
 */

const STRONG: readonly RegExp[] = [
  /\bISBN(?:[- ]?1[03])?\b/i,
  /\bCataloging[- ]in[- ]Publication\b|\bCataloguing[- ]in[- ]Publication\b|\bLibrary of Congress\b|\bBritish Library\b|\bDeutsche Nationalbibliothek\b/i,
  /\bFirst (?:published|edition|printing)\b|\bPublished (?:by|in (?:the )?[A-Z][a-z]+ (?:by|in))\b/i,
  /^\s*(?:also|other (?:books|titles|works)) by\b/im,
];

const WEAK: readonly RegExp[] = [/\bAll rights reserved\b|\bTous droits réservés\b|\bAlle Rechte vorbehalten\b/i, /\bPrinted (?:and bound )?in (?:the )?[A-Z]/];

/**
 * A publisher's imprint line: a short line (≤ 7 words, no digits) where a capitalised name
 * precedes "Press", "Books", "Publishing", "Publishers" or "Verlag", optionally with its city
 * ("THE PENGUIN PRESS NEW YORK", "Oxford University Press", "HarperCollins Publishers"). A
 * reference list's "MIT Press, 2005." carries a year; a "Press Release" names no house.
 */
const IMPRINT_WORD = /\p{Lu}[\p{L}&'.-]*\s+(?:Press|PRESS|Books|BOOKS|Publishing|PUBLISHING|Publishers|PUBLISHERS|Verlag|VERLAG)(?!\p{L})/u;

function isImprintLine(line: string): boolean {
  const t = line.trim();
  if (!t || /\d/.test(t) || t.split(/\s+/).length > 7) return false;
  return IMPRINT_WORD.test(t) && !/\bpress (?:release|kit|contact|office|conference)\b/i.test(t);
}

/** A dedication: a short line opening with "To my …", "For …", "Dedicated to", "In memory of". */
const DEDICATION = /^\s*(?:dedicated to|in (?:loving )?memory of|to my|for my)\b.{0,80}$/im;

/** A table of contents: at least 4 lines ending in a page number after dot leaders or spaces. */
const TOC_LINE = /^.{3,}?(?:\.{3,}|\s{2,}|\t|…+)\s*\d{1,4}\s*$/gm;

export function frontMatterCue(raw: string, wordCount: number): number {
  let score = 0;
  for (const re of STRONG) if (re.test(raw)) score += 0.5;
  for (const re of WEAK) if (re.test(raw)) score += 0.25;
  if (raw.split('\n').some(isImprintLine)) score += 0.5;
  // A dedication stands on a near-empty page; in running text "to my" is just words.
  if (wordCount <= 40 && DEDICATION.test(raw)) score += 0.5;
  // Reports, manuals and theses have contents pages too: a weak signature on its own.
  if ((raw.match(TOC_LINE)?.length ?? 0) >= 4 && /\b(?:contents|inhalt|sommaire|table des matières)\b/i.test(raw)) score += 0.25;
  return Math.min(1, score);
}
