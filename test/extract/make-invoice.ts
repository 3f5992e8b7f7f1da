/** A born-digital invoice written with pdf-lib for the extraction tests (nothing copied from the corpus). */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

export interface Placed {
  text: string;
  x: number;
  /** From the top of the page, in points. */
  y: number;
  size?: number;
}

export const INVOICE_WORDS: Placed[] = [
  { text: 'Northwind Traders Ltd', x: 50, y: 60, size: 18 },
  { text: '12 Harbour Road, Bristol BS1 4QA', x: 50, y: 85 },
  { text: 'Invoice No: INV-2024-0815', x: 360, y: 120 },
  { text: 'Invoice Date: 14 March 2024', x: 360, y: 138 },
  { text: 'Due Date: 13 April 2024', x: 360, y: 156 },
  { text: 'Email: billing@northwind.example', x: 50, y: 138 },
  { text: 'Bill To:', x: 50, y: 190 },
  { text: 'Contoso Pharmacy Inc', x: 50, y: 206 },
  { text: 'Description', x: 50, y: 260 },
  { text: 'Qty', x: 300, y: 260 },
  { text: 'Unit Price', x: 360, y: 260 },
  { text: 'Amount', x: 480, y: 260 },
  { text: 'Paper towels, case of 12', x: 50, y: 282 },
  { text: '3', x: 305, y: 282 },
  { text: '£12.50', x: 360, y: 282 },
  { text: '£37.50', x: 480, y: 282 },
  { text: 'Hand soap refill 5L', x: 50, y: 300 },
  { text: '2', x: 305, y: 300 },
  { text: '£1,240.00', x: 360, y: 300 },
  { text: '£2,480.00', x: 480, y: 300 },
  { text: 'Subtotal', x: 360, y: 340 },
  { text: '£2,517.50', x: 480, y: 340 },
  { text: 'VAT 20%', x: 360, y: 358 },
  { text: '£503.50', x: 480, y: 358 },
  { text: 'Total Due', x: 360, y: 376 },
  { text: '£3,021.00', x: 480, y: 376 },
];

export async function makePdf(words: Placed[], pages = 1): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = pdf.addPage([595, 842]);
    for (const w of words) page.drawText(w.text, { x: w.x, y: 842 - w.y - (w.size ?? 10), size: w.size ?? 10, font });
  }
  return pdf.save();
}

/** A PDF whose only page is a blank image: no text layer, nothing for OCR to read. */
export async function makeImageOnlyPdf(): Promise<Uint8Array> {
  const png = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#ffffff' } }).png().toBuffer();
  const pdf = await PDFDocument.create();
  const img = await pdf.embedPng(png);
  const page = pdf.addPage([595, 842]);
  page.drawImage(img, { x: 0, y: 0, width: 595, height: 842 });
  return pdf.save();
}
