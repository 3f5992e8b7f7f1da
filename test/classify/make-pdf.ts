/** Writes small born-digital PDFs for the classification tests (pdf-lib, Helvetica). */
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** One page per entry; each page is a list of lines, the first drawn larger as a title. */
export async function makePdf(pages: string[][], size: [number, number] = [612, 792]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const lines of pages) {
    const page = doc.addPage(size);
    let y = size[1] - 72;
    lines.forEach((line, i) => {
      const title = i === 0;
      page.drawText(line, { x: 60, y, size: title ? 22 : 11, font: title ? bold : font });
      y -= title ? 40 : 18;
    });
  }
  return doc.save();
}

export const INVOICE_PAGE = (no: string, counter?: string) => [
  'INVOICE',
  `Invoice No: ${no}`,
  'Invoice Date: 12 March 2024',
  'Bill To: Northwind Traders, 12 Harbour Road, Leeds',
  'Description                 Qty     Unit Price     Amount',
  'Consulting services          10       120.00      1,200.00',
  'Travel expenses               1       245.50        245.50',
  'Subtotal                                           1,445.50',
  'VAT 20%                                              289.10',
  'Total due                                          1,734.60',
  'Payment terms: 30 days. Due date: 11 April 2024',
  ...(counter ? [counter] : []),
];

export const LETTER_PAGE = [
  'Riverside Community Library',
  '4 June 2024',
  'Dear Ms Patel,',
  'Thank you for your kind donation of books to our reading programme last month.',
  'The children have enjoyed them greatly and we hope to welcome you at our summer fair.',
  'We look forward to continuing our partnership in the coming year.',
  'Yours sincerely,',
  'Jonathan Reed, Head Librarian',
];

export const RECIPE_PAGE = [
  'Lemon Drizzle Cake',
  'Ingredients: 225 g butter, 225 g caster sugar, 4 eggs, 275 g self-raising flour, 2 lemons',
  'Directions: Heat the oven to 180 C. Beat the butter and sugar until pale and creamy.',
  'Add the eggs one at a time, then fold in the flour and the grated lemon zest.',
  'Bake for 45 minutes. Mix the lemon juice with sugar and pour over the warm cake.',
  'Serves 10. Preparation time 20 minutes, cooking time 45 minutes.',
];
