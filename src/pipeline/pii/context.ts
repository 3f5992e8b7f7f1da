/**
 * Context words: the text just before (and after) a candidate often says what it is ("SSN:",
 * "Order no.", "ISBN"). Recognizers use them to confirm (advanced engine) or to rule out
 * look-alikes (both engines).
 */
export function before(text: string, start: number, chars = 40): string {
  return text.slice(Math.max(0, start - chars), start).toLowerCase();
}

export function after(text: string, end: number, chars = 20): string {
  return text.slice(end, end + chars).toLowerCase();
}

/** Reference numbers that are not personal data, named just before a number. */
export const NOT_PERSONAL = /\b(order|invoice|inv|po|purchase|ref|reference|tracking|shipment|account\s+no|acct|isbn|issn|doi|sku|item|part|serial|batch|lot|ticket|case|claim|policy|confirmation|transaction|txn|receipt|customer\s+(?:no|id|number)|product|model|patent|version|build)\b(?:\s*(?:number|num|nos?|nr|id|code)\b)?[\s.#:-]*$/;

export function namedAsReference(text: string, start: number): boolean {
  return NOT_PERSONAL.test(before(text, start, 32));
}

/** The candidate continues an IBAN-like run ("FR76 3000 6000 …"): its digits belong to an account number. */
export function continuesAccountNumber(text: string, start: number): boolean {
  return /(?:^|[^A-Z0-9])[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4})*[ ]?$/.test(text.slice(Math.max(0, start - 40), start)) || /[A-Za-z]$/.test(text.slice(Math.max(0, start - 1), start));
}
