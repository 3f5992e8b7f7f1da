/**
 * Quasi-identifiers (severity low): person names, dates of birth and other dates, locations
 * and postal addresses. The standard engine finds names by their labels and honorifics
 * ("Name:", "Mr.", "Dr.") and addresses by their street-type word or "City, ST 12345" form;
 * the advanced engine adds compromise's offline English NLP (people and places). A date is a
 * date of birth when a birth label stands just before it.
 */
import { before } from '../context.js';
import type { Match, PiiEngine } from '../types.js';

const MONTHS = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const DATE_RES = [
  /(?<![\d./-])(?:0?[1-9]|1[0-2])[/.-](?:0?[1-9]|[12]\d|3[01])[/.-](?:19|20)\d{2}(?![\d/-]|\.\d)/g,
  /(?<![\d./-])(?:0?[1-9]|[12]\d|3[01])[/.-](?:0?[1-9]|1[0-2])[/.-](?:19|20)\d{2}(?![\d/-]|\.\d)/g,
  /(?<![\d./-])(?:19|20)\d{2}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?![\d/-]|\.\d)/g,
  new RegExp(`\\b(?:${MONTHS})\\.?\\s+(?:0?[1-9]|[12]\\d|3[01])(?:st|nd|rd|th)?,?\\s+(?:19|20)\\d{2}\\b`, 'gi'),
  new RegExp(`\\b(?:0?[1-9]|[12]\\d|3[01])(?:st|nd|rd|th)?\\s+(?:${MONTHS})\\.?,?\\s+(?:19|20)\\d{2}\\b`, 'gi'),
];
const BIRTH_LABEL = /\b(dob|d\.o\.b\.?|date\s+of\s+birth|birth\s*date|birthday|born(?:\s+on)?|geb\.?|geboren)\b[\s.,:#-]*$/;

function dates(text: string, out: Match[]): void {
  const taken: Array<[number, number]> = [];
  for (const re of DATE_RES) {
    for (const m of text.matchAll(re)) {
      const end = m.index + m[0].length;
      if (taken.some(([s, e]) => m.index < e && end > s)) continue;
      taken.push([m.index, end]);
      const birth = BIRTH_LABEL.test(before(text, m.index, 24));
      out.push({ type: birth ? 'date_of_birth' : 'date', start: m.index, end, value: m[0], confidence: birth ? 0.95 : 0.7 });
    }
  }
}

// The words of a name stand on one line (a heading followed by the next line is not a name).
const NAME = "[A-Z][a-z'’-]+(?:[ \\t]+[A-Z]\\.)?(?:[ \\t]+[A-Z][a-z'’-]+){1,2}(?![\\p{L}])";
/** Words of forms and tables that are never part of a person's name (a header row, a title). */
const NOT_NAME_WORD = /^(?:phone|e-?mail|date|start|end|address|number|no|record|records|name|names|department|title|signature|amount|total|status|type|code|id|page|personnel|report|register|directory|details|information|form|account|customer|employee|contact)$/i;
/** Labels of identity-document fields that follow a value on the same line ("CHLOE Date of birth"). */
const FIELD_WORDS = 'given|surname|date|sex|nationality|place|names?|born|issued?|expiry|authority|height|type|country|passport|document|home|work|mobile|personal|office|business|mailing|billing|residential|hire';
const FIELD_WORD = new RegExp(`^(?:${FIELD_WORDS})$`, 'i');
/** Inside a regex: the next word is not a field label (so a match does not swallow the next label). */
const FIELD_AHEAD = `(?:${FIELD_WORDS.split('|').map((w) => `[${w[0]!.toUpperCase()}${w[0]}]${w.slice(1)}`).join('|')})\\b`;

/**
 * A field's value ends where the next field's label begins: keep the words up to the first
 * label word, and when the value is written in capitals, only the words in capitals.
 */
/** Length of the label words ("Name ", "Phone ") at the start of a candidate value. */
function leadingLabelWords(v: string): number {
  let n = 0;
  for (const m of v.matchAll(/(\S+)([ \t]*)/g)) {
    if (!(NOT_NAME_WORD.test(m[1]!) || FIELD_WORD.test(m[1]!))) break;
    n = m.index + m[0].length;
  }
  return n;
}

function fieldValue(v: string): string {
  const words = v.split(/[ \t]+/);
  const caps = /^\p{Lu}[\p{Lu}'’-]+$/u.test(words[0]!);
  const kept: string[] = [];
  for (const w of words) {
    if (NOT_NAME_WORD.test(w) || FIELD_WORD.test(w) || (caps && !/^\p{Lu}[\p{Lu}'’.-]*$/u.test(w))) break;
    kept.push(w);
  }
  return kept.join(' ');
}
const NAME_RES = [
  new RegExp(`\\b(?:Mr|Mrs|Ms|Miss|Dr|Prof|Sir|Madam)\\.?\\s+(${NAME}|[A-Z][a-z'’-]+(?![\\p{L}]))`, 'gu'),
  new RegExp(`\\b(?:[Nn]ame|[Pp]atient|[Ee]mployee|[Cc]ustomer|[Aa]pplicant|[Cc]ardholder|[Hh]older|[Ss]igned|[Ss]ignature|[Cc]ontact|[Aa]ttn|[Dd]ear)\\b[\\s:.,-]+(${NAME})`, 'gu'),
];

function labelledNames(text: string, out: Match[]): void {
  for (const re of NAME_RES) {
    for (const m of text.matchAll(re)) {
      // "contact Name Viktor Dubois Phone …": label words before the value are skipped, and the
      // value ends where the next field's label begins.
      const lead = leadingLabelWords(m[1]);
      const start = m.index + m[0].length - m[1].length + lead;
      const value = fieldValue(m[1].slice(lead));
      if (!value) continue;
      out.push({ type: 'person_name', start, end: start + value.length, value, confidence: 0.85 });
    }
  }
  // Identity documents and tickets: "Surname GARCIA", "Given names CHLOE", and the airline
  // form "GARCIA/CHLOE MS" (surname/given names, then a title).
  for (const m of text.matchAll(new RegExp(String.raw`\b(?:[Ss]urname|[Ll]ast [Nn]ame|[Ff]amily [Nn]ame|[Gg]iven [Nn]ames?|[Ff]irst [Nn]ames?|[Pp]assenger|[Nn]om|[Pp]rénoms?)\b[ \t:.,-]+(\p{Lu}[\p{L}'’-]+(?:[ \t]+(?!${FIELD_AHEAD})\p{Lu}[\p{L}'’-]+){0,2})`, 'gu'))) {
    const start = m.index + m[0].length - m[1].length;
    const value = fieldValue(m[1]);
    if (value.length > 1 && !/^(?:MR|MS|MRS|DR)$/.test(value)) out.push({ type: 'person_name', start, end: start + value.length, value, confidence: 0.85 });
  }
  for (const m of text.matchAll(/(?<![\p{L}\/])(\p{Lu}{2,}(?:[ -]\p{Lu}{2,})?\/\p{Lu}{2,}(?:[ -]\p{Lu}{2,})*)(?:[ \t]+(?:MR|MS|MRS|MISS|MSTR|DR))\b/gu)) {
    out.push({ type: 'person_name', start: m.index, end: m.index + m[1].length, value: m[1], confidence: 0.85 });
  }
}

/** "Place of birth: Lyon", "born in Leeds": the place named by a birth label is a location. */
function labelledPlaces(text: string, out: Match[]): void {
  for (const m of text.matchAll(/\b(?:[Pp]lace of birth|[Bb]irthplace|[Bb]orn in|[Gg]eburtsort|[Ll]ieu de naissance)\b[ \t:.,-]+(\p{Lu}[\p{L}'’.-]+(?:[ \t]+\p{Lu}[\p{L}'’.-]+){0,2})/gu)) {
    const start = m.index + m[0].length - m[1].length;
    const value = fieldValue(m[1]).replace(/[.]+$/, '');
    if (value) out.push({ type: 'location', start, end: start + value.length, value, confidence: 0.8 });
  }
}

const STREET = 'street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|court|ct|way|place|pl|terrace|parkway|pkwy|highway|hwy|square|sq|circle|cir|strasse|straße|weg|rue';
const ADDRESS_RES = [
  new RegExp(`\\b\\d{1,5}\\s+(?:[A-Z][\\p{L}'-]+\\s+){1,4}(?:${STREET})\\b\\.?(?:,?\\s+(?:apt|suite|ste|unit|#)\\.?\\s*\\w+)?`, 'giu'),
  // German/Austrian/Swiss form: the street word first, then the number ("Bahnhofstraße 93", "Am Markt 4").
  /(?<![\p{L}])(?:\p{Lu}[\p{L}-]*(?:straße|strasse|str\.|weg|allee|platz|gasse|ring|damm|ufer)|Am\s+\p{Lu}\p{L}+)\s+\d{1,4}[a-z]?\b/gu,
  // French form: the number, the street type, then its name ("77 place Bellecour", "12, rue des Lilas").
  /\b\d{1,4}(?:\s?(?:bis|ter))?,?\s+(?:rue|avenue|av\.|boulevard|bd|place|allée|chemin|quai|impasse|route|cours)\s+(?:(?:de la|de l'|des|du|de|d')\s*)?\p{Lu}[\p{L}'-]*(?:[ \t]+\p{Lu}[\p{L}'-]*){0,3}/gu,
  /\b[A-Z][a-z]+(?:\s[A-Z][a-z]+)*,\s+(?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC)\s+\d{5}(?:-\d{4})?\b/g,
];

function addresses(text: string, out: Match[]): void {
  for (const re of ADDRESS_RES) {
    for (const m of text.matchAll(re)) out.push({ type: 'postal_address', start: m.index, end: m.index + m[0].length, value: m[0], confidence: 0.8 });
  }
}

type Nlp = typeof import('compromise').default;
let nlpLoading: Promise<Nlp> | null = null;
const loadNlp = () => (nlpLoading ??= import('compromise').then((m) => m.default));

interface Offsetted {
  text: string;
  offset: { start: number; length: number };
}

/**
 * Lines worth tagging: a name needs two capitalised words in a row, a place a capitalised word
 * after "in/at/from/to/near" or before a comma. Tagging only those lines (joined, offsets
 * mapped back) keeps compromise's cost down on long pages.
 */
const NLP_CUE = /\p{Lu}\p{Ll}+\s+\p{Lu}[\p{Ll}.]|\b(?:in|at|from|to|near|of)\s+\p{Lu}\p{Ll}|\p{Lu}\p{Ll}+,/u;

async function nlpEntities(text: string, out: Match[]): Promise<void> {
  const nlp = await loadNlp();
  // Keep the lines with a cue; `starts[i]` is where picked line i begins in `text`.
  const picked: string[] = [];
  const starts: number[] = [];
  const joinedStarts: number[] = [];
  let pos = 0;
  let joinedLength = 0;
  for (const line of text.split('\n')) {
    if (NLP_CUE.test(line)) {
      picked.push(line);
      starts.push(pos);
      joinedStarts.push(joinedLength);
      joinedLength += line.length + 1;
    }
    pos += line.length + 1;
  }
  if (picked.length === 0) return;
  const toText = (offset: number) => {
    let i = joinedStarts.length - 1;
    while (i > 0 && joinedStarts[i] > offset) i--;
    return starts[i] + (offset - joinedStarts[i]);
  };
  const doc = nlp(picked.join('\n'));
  for (const p of doc.people().json({ offset: true }) as Offsetted[]) {
    const value = fieldValue(p.text.replace(/[\s,.;:]+$/, ''));
    // One capitalised word is too often a surname-like common word in a heading.
    if (!/^[A-Z][\p{L}'’-]+(?:\s+[A-Z][\p{L}.'’-]*)+$/u.test(value)) continue;
    const start = toText(p.offset.start);
    out.push({ type: 'person_name', start, end: start + value.length, value, confidence: 0.75 });
  }
  for (const p of doc.places().json({ offset: true }) as Offsetted[]) {
    const value = p.text.replace(/[\s,.;:]+$/, '');
    if (!/^[A-Z]/.test(value)) continue;
    const start = toText(p.offset.start);
    out.push({ type: 'location', start, end: start + value.length, value, confidence: 0.6 });
  }
}

export async function findQuasiIdentifiers(text: string, engine: PiiEngine): Promise<Match[]> {
  const out: Match[] = [];
  dates(text, out);
  labelledNames(text, out);
  labelledPlaces(text, out);
  addresses(text, out);
  if (engine === 'advanced') await nlpEntities(text, out);
  return out;
}
