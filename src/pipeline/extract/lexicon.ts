/**
 * Common business labels in English, French, German, Spanish (and Dutch, cheap to add), grouped
 * by concept. A schema field is tied to the concepts whose trigger words appear in its name or
 * description; the concept's labels are then looked for in the document. This is general
 * vocabulary of invoices, receipts and forms, not a template of any document.
 *
 * `cue` names a document-level rule for fields that often have no label (issuer = letterhead).
 * `kind` is the value type the concept implies when the schema only says `string`.
 */
export type ValueKind = 'amount' | 'date' | 'id' | 'text' | 'email' | 'phone' | 'currency' | 'percent' | 'integer';

export interface Concept {
  name: string;
  triggers: string[];
  labels: string[];
  kind?: ValueKind;
  cue?: 'letterhead' | 'address' | 'largest-total' | 'currency';
  /** Labels that look like ours but mean something else; a line holding one is not our label. */
  exclude?: string[];
}

export const CONCEPTS: Concept[] = [
  {
    name: 'total',
    triggers: ['total', 'amount', 'grand', 'due', 'paid', 'pay', 'gross', 'sum', 'balance', 'montant', 'betrag', 'importe'],
    labels: ['total', 'grand total', 'total amount', 'amount due', 'total due', 'balance due', 'amount paid', 'total paid', 'invoice total', 'total for this invoice', 'rounded total', 'total rounded', 'total incl', 'total including', 'total inc', 'nett total', 'net total', 'total (rm)', 'total rm', 'amount',
      'montant total', 'total ttc', 'net a payer', 'montant ttc', 'total a payer', 'gesamtbetrag', 'gesamt', 'summe', 'endbetrag', 'rechnungsbetrag', 'zu zahlen', 'importe total', 'total a pagar', 'totaal', 'te betalen', 'totaalbedrag', 'totaal incl'],
    exclude: ['subtotal', 'sub total', 'total excl', 'excl', 'excluding', 'exclusive', 'exclusief', 'total ht', 'tax amount', 'vat amount', 'gst amount', 'amount of tax', 'discount', 'qty', 'quantity', 'items', 'savings', 'rounding', 'change', 'tendered', 'cash', 'total tax', 'total vat', 'total gst', 'before', 'net amount'],
    kind: 'amount',
    cue: 'largest-total',
  },
  {
    name: 'untaxed',
    triggers: ['untaxed', 'subtotal', 'net', 'excluding', 'excl', 'before', 'pretax', 'ht', 'netto', 'zwischensumme', 'sin'],
    labels: ['subtotal', 'sub total', 'sub-total', 'total excl', 'total excluding', 'excl tax', 'excl vat', 'excl. vat', 'amount before tax', 'net amount', 'net total', 'total before tax', 'taxable amount', 'total excluding', 'total sales (excluding', 'total excl. gst',
      'total ht', 'montant ht', 'sous-total', 'sous total', 'nettobetrag', 'zwischensumme', 'netto', 'summe netto', 'base imponible', 'subtotal sin iva', 'totaal excl', 'subtotaal', 'excl. btw', 'excl btw', 'exclusief btw', 'hors taxes', 'total hors taxes', 'exkl. mwst', 'netto summe', 'sin iva', 'total sin iva'],
    kind: 'amount',
  },
  {
    name: 'tax',
    triggers: ['tax', 'vat', 'gst', 'tva', 'mwst', 'iva', 'btw', 'taxes', 'sales'],
    labels: ['tax', 'vat', 'gst', 'sales tax', 'total tax', 'tax amount', 'vat amount', 'total vat', 'gst amount', 'total gst', 'tva', 'montant tva', 'total tva', 'mwst', 'ust', 'mehrwertsteuer', 'umsatzsteuer', 'iva', 'impuesto', 'btw', 'sst'],
    exclude: ['incl', 'excl', 'before', 'number', 'no', 'id', 'reg', 'registration', '%'],
    kind: 'amount',
  },
  {
    name: 'date',
    triggers: ['date', 'issued', 'dated', 'day', 'datum', 'fecha', 'when'],
    labels: ['date', 'invoice date', 'date of issue', 'issue date', 'billing date', 'bill date', 'receipt date', 'order date', 'dated', 'date de facture', 'date facture', 'datum', 'rechnungsdatum', 'ausstellungsdatum', 'fecha', 'fecha de factura', 'fecha de emision', 'factuurdatum', 'invoice date / time', 'date/time'],
    exclude: ['due', 'delivery', 'expiry', 'period', 'birth', 'order', 'orderdatum', 'order date', 'check'],
    kind: 'date',
  },
  {
    name: 'due-date',
    triggers: ['due', 'date', 'deadline', 'echeance', 'falligkeit', 'vencimiento'],
    labels: ['due date', 'payment due', 'pay by', 'date d\'echeance', 'echeance', 'falligkeitsdatum', 'fallig am', 'fecha de vencimiento', 'vervaldatum'],
    kind: 'date',
  },
  {
    name: 'invoice-number',
    triggers: ['invoice', 'number', 'no', 'num', 'nr', 'id', 'reference', 'ref', 'bill', 'receipt', 'facture', 'rechnung', 'factura', 'factuur', 'document'],
    labels: ['invoice number', 'invoice no', 'invoice #', 'invoice num', 'invoice nr', 'invoice id', 'inv no', 'inv #', 'inv. no', 'invoice', 'bill no', 'bill number', 'receipt no', 'receipt number', 'receipt #', 'document no', 'doc no', 'reference', 'ref no', 'booking id', 'no',
      'numero de facture', 'facture n', 'facture no', 'n de facture', 'rechnungsnummer', 'rechnung nr', 'rechnungs-nr', 'beleg-nr', 'numero de factura', 'factura n', 'factura no', 'no factura', 'factuurnummer', 'factuur nr'],
    exclude: ['date', 'account', 'phone', 'tel', 'fax', 'vat', 'gst', 'tax', 'order', 'customer', 'client', 'po'],
    kind: 'id',
  },
  {
    name: 'order-number',
    triggers: ['order', 'po', 'purchase', 'commande', 'bestellung', 'pedido', 'bestelling'],
    labels: ['order number', 'order no', 'order #', 'order id', 'po number', 'po no', 'purchase order', 'numero de commande', 'commande n', 'bestellnummer', 'auftragsnummer', 'numero de pedido', 'ordernummer'],
    kind: 'id',
  },
  {
    name: 'issuer',
    triggers: ['issuer', 'company', 'vendor', 'supplier', 'seller', 'merchant', 'store', 'shop', 'business', 'from', 'biller', 'issued', 'provider', 'emetteur', 'fournisseur', 'lieferant', 'proveedor', 'leverancier', 'name'],
    labels: ['vendor', 'supplier', 'seller', 'sold by', 'merchant', 'from', 'service provider', 'company', 'issued by', 'fournisseur', 'vendeur', 'emetteur', 'lieferant', 'verkaufer', 'proveedor', 'vendedor', 'leverancier'],
    exclude: ['bill to', 'ship to', 'customer', 'client', 'attn'],
    kind: 'text',
    cue: 'letterhead',
  },
  {
    name: 'address',
    triggers: ['address', 'street', 'location', 'adresse', 'anschrift', 'direccion', 'adres'],
    labels: ['address', 'adresse', 'anschrift', 'direccion', 'adres'],
    exclude: ['email', 'e-mail', 'bill to', 'ship to', 'web'],
    kind: 'text',
    cue: 'address',
  },
  {
    name: 'currency',
    triggers: ['currency', 'devise', 'wahrung', 'moneda', 'valuta'],
    labels: ['currency', 'devise', 'wahrung', 'moneda', 'valuta'],
    kind: 'currency',
    cue: 'currency',
  },
  {
    name: 'email',
    triggers: ['email', 'e-mail', 'mail', 'courriel', 'correo'],
    labels: ['email', 'e-mail', 'mail', 'courriel', 'correo'],
    kind: 'email',
  },
  {
    name: 'phone',
    triggers: ['phone', 'telephone', 'tel', 'mobile', 'telefon', 'telefono', 'fax'],
    labels: ['phone', 'tel', 'telephone', 'mobile', 'phone no', 'tel no', 'telefon', 'telefono', 'tel.'],
    kind: 'phone',
  },
  {
    name: 'quantity',
    triggers: ['qty', 'quantity', 'count', 'units', 'quantite', 'menge', 'cantidad', 'aantal'],
    labels: ['qty', 'quantity', 'qte', 'quantite', 'menge', 'anzahl', 'cantidad', 'cant', 'aantal', 'units', 'pcs'],
    kind: 'integer',
  },
  {
    name: 'unit-price',
    triggers: ['unit', 'price', 'rate', 'prix', 'preis', 'precio', 'prijs'],
    labels: ['unit price', 'price', 'rate', 'price per unit', 'unit cost', 'prix unitaire', 'prix', 'pu', 'einzelpreis', 'preis', 'precio unitario', 'precio', 'prijs', 'stukprijs', 'amount'],
    kind: 'amount',
  },
  {
    name: 'line-total',
    triggers: ['subtotal', 'line', 'total', 'amount', 'extended'],
    labels: ['amount', 'total', 'line total', 'subtotal', 'ext price', 'montant', 'betrag', 'gesamtpreis', 'importe', 'bedrag', 'totaal'],
    kind: 'amount',
  },
  {
    name: 'description',
    triggers: ['description', 'name', 'item', 'product', 'article', 'designation', 'service', 'details', 'libelle', 'bezeichnung', 'artikel', 'descripcion', 'omschrijving'],
    labels: ['description', 'item', 'items', 'product', 'article', 'designation', 'service', 'details', 'libelle', 'bezeichnung', 'artikel', 'beschreibung', 'descripcion', 'concepto', 'omschrijving', 'code/desc', 'desc', 'particulars'],
    kind: 'text',
  },
  {
    name: 'tax-rate',
    triggers: ['percent', 'rate', 'percentage', '%'],
    labels: ['tax %', 'vat %', 'tax rate', 'vat rate', '%', 'taux', 'satz', 'btw %'],
    kind: 'percent',
  },
];

/** Abbreviations seen on business documents, expanded both ways when labels are built. */
export const ABBREVIATIONS: Record<string, string[]> = {
  number: ['no', 'nr', 'num', '#', 'n°', 'nbr'],
  quantity: ['qty', 'qte'],
  amount: ['amt'],
  invoice: ['inv'],
  reference: ['ref'],
  telephone: ['tel', 'tel.'],
  phone: ['ph', 'tel'],
  identifier: ['id'],
  description: ['desc', 'descr'],
  account: ['acct', 'acc'],
  company: ['co'],
  total: ['tot'],
  date: ['dt'],
};
