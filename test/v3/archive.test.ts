import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { archiveKind, DEFAULT_ARCHIVE_LIMITS, readPdfArchive } from '../../src/input/archive.js';
import { makePdf, makeTar, makeTarGz, makeZip } from './make-pdfs.js';

const text = (s: string) => new TextEncoder().encode(s);

describe('PDF archives', () => {
  it('reads the PDFs of a tar.gz and a zip by content, skipping other entries and refusing unsafe paths and links', async () => {
    const a = await makePdf(['alpha']);
    const b = await makePdf(['beta', 'beta two']);
    const tgz = await makeTarGz([
      { name: 'docs/a.pdf', data: a },
      { name: 'notes.txt', data: text('not a pdf') },
      { name: 'renamed.bin', data: b },
      { name: '../escape.pdf', data: a },
      { name: 'link.pdf', type: 'symlink', linkname: '/etc/passwd' },
    ]);
    expect(archiveKind(tgz)).toBe('gzip');
    const fromTar = await readPdfArchive(tgz);
    expect(fromTar.pdfs.map((p) => p.path)).toEqual(['docs/a.pdf', 'renamed.bin']);
    expect(fromTar.refused).toEqual([
      { path: '../escape.pdf', reason: '".." in path' },
      { path: 'link.pdf', reason: 'symlink entry' },
    ]);

    const zip = makeZip({ 'x/a.pdf': a, 'b.pdf': b, 'readme.md': text('# hi'), '/abs.pdf': a });
    const fromZip = await readPdfArchive(zip);
    expect(fromZip.pdfs.map((p) => p.path).sort()).toEqual(['b.pdf', 'x/a.pdf']);
    expect(fromZip.refused).toEqual([{ path: '/abs.pdf', reason: 'absolute path' }]);
    expect(Buffer.from(fromZip.pdfs.find((p) => p.path === 'b.pdf')!.bytes).equals(Buffer.from(b))).toBe(true);
    expect(archiveKind(await makeTar([{ name: 'a.pdf', data: a }]))).toBe('tar');
  });

  it('stops bombs and too many entries with too_large', async () => {
    const zeros = new Uint8Array(8 * 1024 * 1024);
    const limits = { ...DEFAULT_ARCHIVE_LIMITS, ratioCheckMinBytes: 1024 * 1024 };
    await expect(readPdfArchive(zipSync({ 'big.pdf': zeros }), limits)).rejects.toThrow(/zip bomb/);
    await expect(readPdfArchive(new Uint8Array(gzipSync(zeros)), { ...DEFAULT_ARCHIVE_LIMITS, maxTotalBytes: 1024 * 1024 })).rejects.toThrow(/gzip bomb/);
    const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}.txt`, text('x')]));
    await expect(readPdfArchive(zipSync(many), { ...DEFAULT_ARCHIVE_LIMITS, maxEntries: 10 })).rejects.toThrow(/more than 10 entries/);
    await expect(readPdfArchive(text('plain text'))).rejects.toThrow(/Not a .tar/);
  });
});
