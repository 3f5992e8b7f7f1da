/**
 * Document-level cues for fields that often carry no label: the issuer is the letterhead (a
 * line near the top of page 1, a company form such as "Ltd", "SDN BHD", "B.V." preferred), the
 * issuer's address is the block of lines under it, a total is the largest amount after a
 * total-like label, and the currency is the one the amounts are written in.
 */
import { repairLegalForm } from './legal-forms.js';
import type { FieldProfile } from './labels.js';
import type { ValueKind } from './lexicon.js';
import type { Line, Token, TokenizedDocument } from './tokens.js';
import { mainType, type Candidate, type FieldSchema } from './types.js';
import { CURRENCY_CODES, recognise } from './values.js';

const COMPANY_FORMS = /\b(sdn\.?\s*bhd|bhd|berhad|inc|ltd|limited|llc|llp|gmbh|ag|b\.?\s?v|n\.?v|s\.?a|s\.?a\.?s|sarl|s\.?l|co|corp|corporation|company|pvt|pte|plc|enterprises?|trading|holdings|group|store|stores|restaurant|mart|market|supermarket|bakery|cafe|hardware|stationery|pharmacy)\b\.?/i;
const NOT_NAME = /\b(invoice|receipt|facture|rechnung|factura|factuur|bill|tax|date|page|tel|phone|fax|email|www|http|total|no\.?\s*:|gst|vat|customer|thank)\b/i;
const STOP_ADDRESS = /\b(tel|phone|fax|gst|vat|reg|email|e-mail|www|http|invoice|receipt|date|cashier|tin|co\.? ?reg|company no|btw|kvk|iban|bill|table|order)\b|\b[TF]\s?:/i;
/** Words naming the document, not its issuer: "Amazon Web Services Invoice" → "Amazon Web Services". */
const DOC_TYPE = /\s*\b((payment|tax|cash|sales|retail|simplified|official|proforma|commercial)\s+)?(invoices?|receipt|facture|rechnung|factura|factuur|quittung|recibo|statement|bill)\b.*$/i;
/** Lines of the addressee's block are not the letterhead. */
const ADDRESSEE = /\b(bill(ed)? to|ship(ped)? to|sold to|customer|client|attn|to:|deliver to|factur[eé] [aà]|rechnungsempf)/i;

/** The phrase of a line around its widest run of words (columns split at wide gaps). */
function phrases(line: Line): Token[][] {
  const out: Token[][] = [];
  for (const t of line.tokens) {
    if (out.length === 0 || t.gap >= 2.5) out.push([t]);
    else out[out.length - 1]!.push(t);
  }
  return out;
}

function text(tokens: Token[]): string {
  return tokens.map((t) => t.text).join(' ');
}

function conf(tokens: Token[]): number {
  return tokens.length ? Math.min(...tokens.map((t) => t.conf)) : 0;
}

function meanConf(tokens: Token[]): number {
  return tokens.length ? tokens.reduce((a, t) => a + t.conf, 0) / tokens.length : 0;
}

function trimSpecks(ph: Token[]): Token[] {
  const speck = (t: Token) => t.norm.length <= 1 && t.conf < 0.8;
  let a = 0;
  let b = ph.length;
  while (a < b && speck(ph[a]!)) a++;
  while (b > a && speck(ph[b - 1]!)) b--;
  return ph.slice(a, b);
}

function letterhead(doc: TokenizedDocument): Candidate[] {
  const first = doc.lines.filter((l) => l.page === 1);
  const height = doc.pages.get(1)?.height ?? Math.max(1, ...first.map((l) => l.box[3]));
  const top = first.filter((l) => l.box[1] < height * 0.3).slice(0, 12);
  const out: Candidate[] = [];
  // Columns under an addressee label ("Bill To:") belong to the customer.
  const blocked: { left: number; right: number; from: number }[] = [];
  top.forEach((line, i) => {
    for (const ph of phrases(line)) {
      const raw = text(ph);
      if (ADDRESSEE.test(raw)) {
        blocked.push({ left: ph[0]!.box[0] - 5, right: ph[ph.length - 1]!.box[2] + 40, from: line.box[1] });
        continue;
      }
      if (blocked.some((b) => ph[0]!.box[0] >= b.left && ph[0]!.box[0] <= b.right && line.box[1] > b.from)) continue;
      // "Guest Name: Sanjay", "Date: 3/1": a key and its value, not a name.
      if (/^[^:]{1,30}:/.test(raw)) continue;
      // OCR specks at the edges of a line ("s THAI DELICIOUS RESTAURANT") are not part of the name.
      let words = trimSpecks(ph);
      // A registration number in brackets after the name ("(913144-A)") is not part of it.
      const reg = words.findIndex((w, k) => k > 0 && /^\(/.test(w.text) && /\d/.test(words.slice(k).map((x) => x.text).join('')) && /\)$/.test(words[words.length - 1]!.text));
      if (reg > 0) words = words.slice(0, reg);
      if (words.length === 0) continue;
      if (DOC_TYPE.test(raw) && raw.replace(DOC_TYPE, '').length >= 3) {
        const kept = raw.replace(DOC_TYPE, '').split(/\s+/).length;
        words = words.slice(0, kept);
      }
      const s = text(words);
      const letters = s.replace(/[^\p{L}]/gu, '').length;
      if (letters < 3 || letters < s.replace(/\s/g, '').length * 0.5) continue;
      // OCR noise at the top of a photo ("all", "3 1 ol OlF"): a name has a word of 3+ letters and reads well.
      if (!words.some((w) => w.norm.replace(/[^\p{L}]/gu, '').length >= 3) || meanConf(words) < 0.5) continue;
      const form = COMPANY_FORMS.test(s);
      if (!form && NOT_NAME.test(s)) continue;
      const base = form ? 0.8 : i === 0 ? 0.45 : 0.3 / (1 + i);
      out.push({ value: repairLegalForm(s.replace(/[:,]$/, '')), tokens: words, score: base * meanConf(words), via: form ? 'letterhead-company-form' : 'letterhead-top' });
    }
  });
  // Also a company form anywhere on page 1 ("All AWS Services are sold by Amazon Web Services, Inc.").
  return out;
}

const LEGAL = /\b(si[eè]ge social|registered office|regd\.? office|au capital|share capital|capital social|rcs|siret|siren|kvk|handelsregister|amtsgericht|registro mercantil|company reg(istration)? no)\b/i;

/**
 * The issuer's legal block (registered office, capital, registry numbers) usually sits in the
 * footer, under a line with the company's name: that line is a second letterhead.
 */
function legalFooterName(doc: TokenizedDocument): Candidate[] {
  const i = doc.lines.findIndex((l) => LEGAL.test(l.text));
  if (i <= 0) return [];
  const legal = doc.lines[i]!;
  const above = doc.lines[i - 1]!;
  const h = legal.box[3] - legal.box[1];
  if (above.page !== legal.page || legal.box[1] - above.box[3] > 2 * h) return [];
  const words = trimSpecks(above.tokens);
  const s = text(words);
  const letters = s.replace(/[^\p{L}]/gu, '').length;
  if (words.length === 0 || words.length > 6 || /\d/.test(s) || letters < s.replace(/\s/g, '').length * 0.6 || /^[^:]{1,30}:/.test(s)) return [];
  return [{ value: s, tokens: words, score: 0.6 * meanConf(words), via: 'legal-footer-name' }];
}

/** Lines under the letterhead that read like an address, joined. */
function addressBlock(doc: TokenizedDocument): Candidate[] {
  const head = letterhead(doc).sort((a, b) => b.score - a.score)[0];
  if (!head) return [];
  const startLine = head.tokens[0]!.line;
  const words: Token[] = [];
  for (let i = startLine + 1; i < doc.lines.length && i <= startLine + 6; i++) {
    const l = doc.lines[i]!;
    if (l.page !== doc.lines[startLine]!.page) break;
    const s = l.text;
    if (STOP_ADDRESS.test(s)) break;
    // A line that is only a phone number ends the address.
    if (!/\p{L}{2,}/u.test(s) && s.replace(/\D/g, '').length >= 7 && /\d[\s-]\d/.test(s)) break;
    // Registration numbers in brackets under a company name are not address lines.
    if (/^\(?[\w-]*\d[\w-]*\)?$/.test(s.trim()) && words.length === 0) continue;
    // OCR specks ("~", "|") are not part of an address.
    words.push(...l.tokens.filter((t) => !/^[~_|«»"'`^*]+$/.test(t.text)));
  }
  if (words.length < 2 || !words.some((w) => /\d/.test(w.text))) return [];
  return [{ value: text(words), tokens: words, score: 0.55 * (0.6 + 0.4 * conf(words)), via: 'address-block' }];
}

function currencyOfAmounts(doc: TokenizedDocument): Candidate[] {
  const counts = new Map<string, Token[]>();
  for (const line of doc.lines) {
    const m = recognise('currency', line.tokens, 0);
    if (!m) continue;
    const k = String(m.value);
    counts.set(k, [...(counts.get(k) ?? []), line.tokens[m.start]!]);
  }
  const total = [...counts.values()].reduce((a, b) => a + b.length, 0);
  return [...counts.entries()].map(([code, toks]) => ({
    value: code,
    tokens: [toks[0]!],
    score: (CURRENCY_CODES.has(toks[0]!.text.toUpperCase()) ? 0.9 : 0.8) * (toks.length / total),
    via: 'currency-of-amounts',
  }));
}

export function documentCues(doc: TokenizedDocument, schema: FieldSchema, profile: FieldProfile, kind: ValueKind, labelled: Candidate[]): Candidate[] {
  const cues = new Set(profile.concepts.map((c) => c.cue).filter(Boolean));
  const out: Candidate[] = [];
  const t = mainType(schema);
  if (cues.has('letterhead') && t === 'string') out.push(...letterhead(doc), ...legalFooterName(doc));
  if (cues.has('address') && t === 'string') out.push(...addressBlock(doc));
  if (cues.has('currency') && t === 'string') out.push(...currencyOfAmounts(doc));
  if (cues.has('largest-total') && kind === 'amount' && labelled.length > 0) {
    // A receipt's total is the largest amount after a total-like label: it takes the best
    // labelled score, and the other amounts step back.
    const num = (c: Candidate) => (typeof c.value === 'number' ? c.value : Number(String(c.value).replace(/,(\d{2})$/, '.$1').replace(/[^\d.-]/g, '')));
    // Only amounts written with cents count: "1047523" or "3" next to a total label are not totals.
    const priced = labelled.filter((c) => /[.,]\d{2}$/.test(c.tokens.map((t) => t.text).join('').replace(/[^\d.,]+$/, '')));
    const max = Math.max(...priced.map(num).filter(Number.isFinite));
    const top = Math.max(...labelled.map((c) => c.score));
    for (const c of priced) {
      if (num(c) === max) out.push({ ...c, score: top, via: 'largest-total' });
      else c.score *= 0.8;
    }
  }
  if (cues.has('letterhead')) {
    // A labelled issuer reads like a company name when it has a company form.
    for (const c of labelled) if (typeof c.value === 'string' && !COMPANY_FORMS.test(c.value)) c.score *= 0.7;
  }
  return out;
}
