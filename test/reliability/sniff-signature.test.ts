/**
 * Issue 21 item 10: the type is decided by the signature at offset 0; the PDF header only
 * counts within its leading window. A PNG whose metadata quotes "%PDF-" is an image.
 */
import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { isPdfBytes } from '../../src/input/archive.js';
import { sniff } from '../../src/input/sniff.js';

/** A PNG chunk with its length and CRC, as libpng checks them. */
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real PNG with a tEXt chunk inserted after IHDR (8-byte signature + 25-byte IHDR). */
async function pngWithText(text: string): Promise<Buffer> {
  const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#ffffff' } }).png().toBuffer();
  return Buffer.concat([png.subarray(0, 33), pngChunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1')), png.subarray(33)]);
}

describe('sniffing by signature', () => {
  it('a PNG whose text chunk contains "%PDF-" and PDF objects is a PNG', async () => {
    const png = await pngWithText('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer');
    expect((await sharp(png).metadata()).format).toBe('png');
    expect(sniff(png)).toBe('png');
    // Archive entries are picked by the same rule.
    expect(isPdfBytes(png)).toBe(false);
    expect(isPdfBytes(Buffer.from('%PDF-1.4\n'))).toBe(true);
  });

  it('each signature counts at offset 0 only; the PDF header within its 1 KiB window', () => {
    const at = (offset: number, text: string) => Buffer.concat([Buffer.alloc(offset, 0x20), Buffer.from(text, 'latin1')]);
    expect(sniff(at(0, '%PDF-1.4\n'))).toBe('pdf');
    expect(sniff(at(900, '%PDF-1.4\n'))).toBe('pdf');
    expect(sniff(at(5000, '%PDF-1.4\n'))).toBe('unknown');
    expect(sniff(Buffer.concat([Buffer.from('GIF89a'), at(10, '%PDF-1.4')]))).toBe('gif');
    expect(sniff(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), at(10, '%PDF-1.4')]))).toBe('jpeg');
    expect(sniff(Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), at(10, '%PDF-1.4')]))).toBe('zip');
  });

  it('the engine reads such a PNG as an image (the job does not fail as a broken PDF)', async () => {
    const engine = createEngine({ workers: 1 });
    try {
      const job = await engine.parse({ data: await pngWithText('%PDF-1.7 quoted in a comment'), fileName: 'scan.png' });
      const res = await engine.waitForJob(job.job_id);
      expect(res.message ?? '').not.toMatch(/pdf/i);
      expect(res.status).toBe('Succeeded');
    } finally {
      await engine.close();
    }
  }, 60_000);
});
