/**
 * Word normalisation shared by category profiles and page evidence. Both sides must reduce
 * words the same way, so "Invoices", "invoice" and "INVOICE" meet. A light plural stripper
 * is enough here: category names are nouns, and a full stemmer conflates too much
 * ("statement" / "state").
 */

const STOP = new Set(
  'a an and are as at be by for from has have in is it its of on or that the this to was were will with your you our we not no yes per all any may can if into than then their there these those which who what when where'.split(' '),
);

/** Lower-case, singular form of one word (letters only). */
export function normWord(w: string): string {
  let s = w.toLowerCase();
  if (s.length > 4 && s.endsWith('ies')) s = s.slice(0, -3) + 'y';
  else if (s.length > 4 && /(ss|sh|ch|x)es$/.test(s)) s = s.slice(0, -2);
  else if (s.length > 3 && s.endsWith('s') && !/(ss|us|is)$/.test(s)) s = s.slice(0, -1);
  return s;
}

/** Content words of a text, normalised (stop words and 1-letter tokens dropped). */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const m of text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').matchAll(/[\p{L}]{2,}/gu)) {
    const w = m[0].toLowerCase();
    if (STOP.has(w)) continue;
    out.push(normWord(w));
  }
  return out;
}

/** Normalised phrase: content words joined by one space ("Bills of Lading" → "bill lading"). */
export function phrase(text: string): string {
  return words(text).join(' ');
}

/** A category name as people write it in identifiers: "bank_statement", "BankStatement". */
export function splitName(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-./]+/g, ' ')
    .trim();
}
