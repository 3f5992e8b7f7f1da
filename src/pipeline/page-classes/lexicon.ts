/**
 * A curated lexicon of common document types: the names people give them (aliases), the
 * words and phrases that identify them (weighted: a title word such as "invoice" counts
 * more than "total"), and the layout cues that go with them (an MRZ for passports, a narrow
 * tall column for till receipts). General knowledge of document types, written once, not
 * learned from any corpus; a category name that matches none of these still works from
 * WordNet and its own words (category-profile.ts). A few non-English title words are
 * included for the types that travel most (invoices, receipts, payslips, IDs).
 */
import type { CueName } from './page-evidence.js';

export interface LexiconEntry {
  key: string;
  /** Names that mean this type ("tax invoice", "bill"). Matched after normalisation. */
  aliases: string[];
  /** Identifying words or phrases → weight (0.3 common .. 3 decisive). */
  terms: Record<string, number>;
  /** Layout and pattern cues → weight. */
  cues?: Partial<Record<CueName, number>>;
}

export const LEXICON: LexiconEntry[] = [
  {
    key: 'invoice',
    aliases: ['invoice', 'invoices', 'tax invoice', 'commercial invoice', 'bill', 'billing statement', 'vendor invoice', 'sales invoice', 'utility bill', 'pro forma invoice'],
    terms: { invoice: 3, 'invoice number': 3, 'invoice date': 3, 'bill to': 2, 'ship to': 1, 'due date': 2, 'total due': 2, 'amount due': 2, 'balance due': 2, 'payment term': 1.5, subtotal: 1, 'sub total': 1, vat: 1, tax: 0.6, qty: 0.8, quantity: 0.8, 'unit price': 1.5, facture: 3, factuur: 3, rechnung: 3, factura: 3, gstin: 1, hsn: 1, 'order number': 0.7, billed: 1, remit: 1, iban: 0.6, 'purchase order': 0.8 },
    cues: { lineItems: 1.5, money: 1, keyValues: 0.6 },
  },
  {
    key: 'receipt',
    aliases: ['receipt', 'receipts', 'sales receipt', 'till receipt', 'cash receipt', 'expense receipt', 'store receipt', 'purchase receipt', 'ticket', 'fuel receipt'],
    terms: { receipt: 3, cashier: 2.5, cash: 1.5, change: 1.5, 'thank you': 1.5, rounding: 2, 'total qty': 2, tender: 2, visa: 0.8, mastercard: 0.8, gst: 1, 'sr': 0.5, qty: 0.5, total: 0.8, 'tax invoice': 0.5, ticket: 1.5, ticke: 1, tpv: 1.5, 'payment receipt': 1, 'change due': 2, item: 0.5, reçu: 2, bon: 0.5, montant: 0.8, pos: 0.8 },
    cues: { tallNarrow: 4, money: 1, lineItems: 0.6, clockTime: 1.5 },
  },
  {
    key: 'bank statement',
    aliases: ['bank statement', 'account statement', 'statement of account', 'bank account statement', 'checking statement'],
    terms: { statement: 2, 'account statement': 3, 'opening balance': 3, 'closing balance': 3, balance: 1, withdrawal: 2, deposit: 2, debit: 1.5, credit: 1, 'account number': 1.5, iban: 1, bic: 1, bank: 1.5, chequing: 2, checking: 1.5, 'relevé': 3, transaction: 1.5 },
    cues: { money: 1, lineItems: 0.5 },
  },
  {
    key: 'payslip',
    aliases: ['payslip', 'pay slip', 'pay stub', 'paystub', 'salary slip', 'wage slip', 'earnings statement', 'payroll statement'],
    terms: { payslip: 3, 'pay slip': 3, salary: 2, 'gross pay': 3, 'net pay': 3, earnings: 2, deductions: 2, employer: 1.5, employee: 1.5, 'pay period': 3, 'bulletin de paie': 3, 'bulletin de salaire': 3, salaire: 2, brut: 1, net: 0.8, cotisation: 2, 'year to date': 2, ytd: 2 },
    cues: { money: 0.8, keyValues: 0.5 },
  },
  {
    key: 'id document',
    aliases: ['id document', 'identity document', 'id', 'id card', 'identity card', 'identification', 'identification document', 'national id', 'passport', 'driver license', 'driving licence', 'drivers license', 'residence permit', 'health card', 'vehicle registration', 'personal document'],
    terms: { passport: 3, 'identity card': 3, 'carte nationale': 3, 'identité': 3, 'driver license': 3, 'driving licence': 3, license: 1.5, licence: 1.5, 'date of birth': 2, dob: 2, nationality: 2.5, 'place of birth': 2, surname: 2, 'given name': 2, nom: 1, prenom: 1, sex: 1, 'expiry date': 1.5, expires: 1, issued: 1, 'date of issue': 1.5, 'lieu de naissance': 2, 'né le': 1.5, identity: 2, 'id card': 2, 'certificat d immatriculation': 3, immatriculation: 2, 'carte vitale': 3, 'assurance maladie': 2, resident: 1, citizen: 1, holder: 1, height: 0.6, eyes: 0.8, class: 0.3, 'republique francaise': 1.5 },
    cues: { mrz: 4, fewWords: 0.8, wideCard: 0.8 },
  },
  {
    key: 'resume',
    aliases: ['resume', 'résumé', 'cv', 'curriculum vitae', 'curriculum', 'job application', 'candidate profile'],
    terms: { resume: 3, 'curriculum vitae': 3, experience: 2, 'work experience': 3, 'professional experience': 3, education: 2, skills: 2, skill: 2, languages: 1, references: 0.8, employment: 1.5, objective: 1.5, 'professional summary': 2, profile: 1, certifications: 1.5, university: 1, bachelor: 1.5, degree: 1, internship: 1.5, hobbies: 1.5, linkedin: 1.5 },
    cues: { contact: 0.8 },
  },
  {
    key: 'shipping document',
    aliases: ['shipping document', 'shipping', 'bill of lading', 'waybill', 'delivery note', 'packing list', 'shipping label', 'consignment note', 'mail', 'envelope', 'postal mail', 'shipment'],
    terms: { 'bill of lading': 3, lading: 3, shipper: 3, consignee: 3, carrier: 2, freight: 2, 'delivery note': 3, 'packing list': 3, waybill: 3, shipment: 2, 'ship from': 2, 'ship to': 1.5, 'port of loading': 3, vessel: 2, cargo: 2, pallet: 1.5, weight: 1, 'tracking number': 2, postage: 2.5, usps: 2.5, 'first class': 1.5, 'return service': 1.5, zip: 0.5, street: 0.7, pmb: 1.5 },
    cues: { address: 1.5, fewWords: 0.3 },
  },
  {
    key: 'business card',
    aliases: ['business card', 'visiting card', 'contact card', 'name card', 'calling card'],
    terms: { ceo: 1.5, founder: 1.5, director: 1, manager: 1, president: 1, consulting: 0.5, mobile: 1, tel: 1, phone: 1, email: 1, www: 1, fax: 0.6 },
    cues: { contact: 2.5, fewWords: 0.7, wideCard: 1 },
  },
  {
    key: 'form',
    aliases: ['form', 'forms', 'application form', 'fillable form', 'tax form', 'questionnaire', 'government form', 'request form', 'registration form'],
    terms: { form: 2.5, 'omb no': 3, 'check box': 2, checkbox: 2, signature: 1.5, 'sign here': 2.5, 'print name': 2, 'date signed': 2, instructions: 1, applicant: 1.5, 'for official use': 2, 'please print': 2, 'tax return': 2, 'internal revenue service': 2, irs: 1.5, 'department of the treasury': 2, 'social security number': 2, ssn: 1.5, tin: 1, 'line': 0.5, 'part i': 1.5, 'part ii': 1.5, 'fill in': 1.5, formulaire: 3, cocher: 2, 'à remplir': 2, formular: 3, ankreuzen: 2 },
    cues: { keyValues: 1.2, formFields: 2 },
  },
  {
    key: 'letter',
    aliases: ['letter', 'letters', 'memo', 'memorandum', 'correspondence', 'cover letter', 'business letter', 'note'],
    terms: { dear: 3, sincerely: 3, regards: 2.5, 'yours faithfully': 3, 'yours truly': 3, memo: 3, memorandum: 3, 'to:': 1, 'from:': 1, 'subject:': 1, re: 1, 'cc': 1, enclosure: 1.5, letter: 1.5, 'to whom it may concern': 3, 'best regards': 3, 'kind regards': 3, 'yours sincerely': 3, 'madame, monsieur': 2 },
    cues: { prose: 0.5 },
  },
  {
    key: 'meeting document',
    aliases: ['meeting document', 'meeting minutes', 'minutes', 'agenda', 'meeting agenda', 'board minutes', 'proceedings', 'meeting notes'],
    terms: { agenda: 3, minutes: 3, meeting: 2.5, 'call to order': 3, 'roll call': 3, adjourn: 3, adjournment: 3, motion: 2, quorum: 2.5, board: 1.5, 'present:': 2, attendees: 2.5, 'action items': 2.5, session: 1, council: 1.5, 'procès verbal': 3, 'proces verbal': 3, séance: 2, seance: 2, conseil: 1.5, 'ordre du jour': 3, approval: 1, trustees: 1.5 },
  },
  {
    key: 'legal',
    aliases: ['legal', 'legal document', 'contract', 'agreement', 'law', 'legislation', 'regulation', 'statute', 'constitution', 'court filing', 'terms and conditions', 'rule'],
    terms: { article: 1.5, section: 1, shall: 2, hereby: 2, pursuant: 2.5, whereas: 2.5, agreement: 2, contract: 2, party: 1, parties: 1.5, court: 1.5, law: 1.5, regulation: 2, rule: 1, 'federal register': 3, cfr: 2.5, 'u.s.c': 2, statute: 2, constitution: 3, amendment: 2, congress: 1.5, 'legislative': 1.5, clause: 1.5, jurisdiction: 1.5, liability: 1.5, 'final rule': 3, 'proposed rule': 3, agency: 1, 'effective date': 1.5 },
    cues: { prose: 0.8 },
  },
  {
    key: 'report',
    aliases: ['report', 'reports', 'annual report', 'business report', 'financial report', 'statistical report', 'analysis', 'study', 'white paper', 'data report'],
    terms: { report: 3, 'annual report': 3, summary: 1, 'executive summary': 2.5, analysis: 1, results: 0.8, fiscal: 1.5, revenue: 1.2, quarter: 1, statistics: 1.5, statistical: 1.5, total: 0.3, percent: 0.8, '%': 0.5, 'financial statements': 1.5, shareholders: 1.5, chairman: 1, performance: 1, growth: 1, notice: 0.5, table: 0.5 },
    cues: { tables: 1, prose: 0.4 },
  },
  {
    key: 'manual',
    aliases: ['manual', 'user manual', 'user guide', 'guide', 'handbook', 'instructions', 'technical manual', 'documentation', 'configuration guide', 'installation guide', 'reference guide'],
    terms: { manual: 3, guide: 2.5, configuration: 2, configure: 2, install: 2, installation: 2, 'step': 1.5, click: 2, select: 1, settings: 1.5, interface: 1.5, command: 1.5, 'note:': 1.5, warning: 1, caution: 1.5, procedure: 1.5, troubleshooting: 2.5, menu: 1, device: 1, enable: 1.5, parameter: 1, default: 1, router: 1, switch: 0.8 },
    cues: { prose: 0.3 },
  },
  {
    key: 'scientific paper',
    aliases: ['scientific paper', 'academic paper', 'research paper', 'paper', 'article', 'journal article', 'scholarly article', 'publication', 'preprint', 'conference paper', 'thesis'],
    terms: { abstract: 3, introduction: 1.5, 'related work': 3, references: 2, conclusion: 1.5, 'et al': 2.5, arxiv: 3, doi: 2, proceedings: 1.5, university: 1, theorem: 2, lemma: 2, proof: 1.5, equation: 1, experiment: 1.5, evaluation: 1, dataset: 1.5, method: 0.8, 'figure': 0.8, 'fig': 0.8, 'table': 0.4, algorithm: 1.5, 'we propose': 2.5, 'in this paper': 3, 'this paper': 2, acknowledgment: 2, acknowledgement: 2, ieee: 2, acm: 2, conference: 1.5, journal: 1.5, 'benchmark': 1, 'state of the art': 2, baseline: 1.5, ablation: 2.5, outperform: 2, quantitative: 1.5, empirical: 1.5, hypothesis: 1.5, 'experimental results': 2.5, 'future work': 2, 'prior work': 2, 'data set': 1.5, trained: 1, training: 0.8, accuracy: 1, inference: 1, precision: 0.8, recall: 0.8 },
    cues: { prose: 1, citations: 2.5, formulas: 1 },
  },
  {
    key: 'book',
    aliases: ['book', 'books', 'ebook', 'textbook', 'novel', 'lecture notes', 'chapter', 'course notes', 'publication'],
    terms: { chapter: 3, contents: 2.5, 'table of contents': 3, preface: 3, foreword: 3, isbn: 3, edition: 2, copyright: 1.5, 'all rights reserved': 2, publisher: 2, press: 1, author: 1, index: 0.8, appendix: 1, vorlesung: 2, skript: 2, kapitel: 3, inhaltsverzeichnis: 3, lecture: 1.5, exercise: 1, 'part': 0.8, dedication: 2, acknowledgments: 0.8, 'licensed under': 1, vorwort: 3, auflage: 2, préface: 3, chapitre: 3, 'sommaire': 2, 'cataloging in publication': 3, 'library of congress': 2, 'first published': 2.5, 'first edition': 2, imprint: 1.5 },
    cues: { prose: 1.5, frontMatter: 6 },
  },
  {
    key: 'medical record',
    aliases: ['medical record', 'medical report', 'prescription', 'lab report', 'health record', 'patient record', 'discharge summary'],
    terms: { patient: 3, diagnosis: 3, physician: 2.5, prescription: 3, dosage: 2.5, mg: 1.5, clinic: 2, hospital: 2, medical: 2, treatment: 2, symptoms: 2, allergies: 2, 'lab results': 2.5, specimen: 2, rx: 2 },
  },
  {
    key: 'purchase order',
    aliases: ['purchase order', 'po', 'order form', 'sales order', 'order confirmation'],
    terms: { 'purchase order': 3, 'po number': 3, 'po #': 3, vendor: 2, supplier: 2, 'order date': 2, 'delivery date': 1.5, 'ship to': 1.5, qty: 1, 'unit price': 1.5, approved: 1, buyer: 1.5 },
    cues: { lineItems: 1, money: 0.6 },
  },
  {
    key: 'product label',
    aliases: ['product label', 'label', 'nutrition facts', 'nutrition label', 'packaging', 'food label'],
    terms: { 'nutrition facts': 3, calories: 3, 'serving size': 3, servings: 2.5, fat: 2, sodium: 2.5, protein: 2.5, carbohydrate: 2.5, sugars: 2, ingredients: 2.5, 'daily value': 3, cholesterol: 2.5, vitamin: 2, fiber: 2 },
  },
];
