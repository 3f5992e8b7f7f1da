/** Small real PDFs and archives of them, generated in the test (pdf-lib, tar-stream, fflate, zlib). */
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import tar from 'tar-stream';

export async function makePdf(pages: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = doc.addPage([612, 792]);
    page.drawText(text, { x: 72, y: 700, size: 14, font });
  }
  return doc.save();
}

export interface TarEntry {
  name: string;
  data?: Uint8Array;
  type?: 'file' | 'symlink';
  linkname?: string;
}

export async function makeTar(entries: TarEntry[]): Promise<Uint8Array> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on('data', (d: any) => chunks.push(d));
  const done = new Promise<void>((r) => pack.on('end', () => r()));
  for (const e of entries) {
    if (e.type === 'symlink') pack.entry({ name: e.name, type: 'symlink', linkname: e.linkname });
    else pack.entry({ name: e.name, size: e.data!.length }, Buffer.from(e.data!));
  }
  pack.finalize();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

export const makeTarGz = async (entries: TarEntry[]) => new Uint8Array(gzipSync(await makeTar(entries)));

export function makeZip(entries: Record<string, Uint8Array>): Uint8Array {
  return zipSync(entries);
}
