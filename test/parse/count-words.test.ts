/** countWords counts what `split(/\s+/).filter(Boolean)` does, for every kind of white space. */
import { describe, expect, it } from 'vitest';
import { countWords, nonSpaceLength } from '../../src/pipeline/count-words.js';

const reference = (s: string) => s.split(/\s+/).filter(Boolean).length;

describe('countWords', () => {
  it('agrees with splitting on \\s for every code unit', () => {
    // Every UTF-16 code unit between two words, alone and doubled, and at both ends.
    const mismatches: string[] = [];
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      for (const s of [`a${ch}b`, `a${ch}${ch}b`, `${ch}a`, `a${ch}`]) if (countWords(s) !== reference(s)) mismatches.push(`U+${c.toString(16)} in ${JSON.stringify(s)}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('counts non-space characters as removing \\s does, for every code unit', () => {
    const mismatches: string[] = [];
    for (let c = 0; c < 0x10000; c++) {
      const s = `a${String.fromCharCode(c)}b ${String.fromCharCode(c)}`;
      if (nonSpaceLength(s) !== s.replace(/\s/g, '').length) mismatches.push(`U+${c.toString(16)}`);
    }
    expect(mismatches).toEqual([]);
    expect(nonSpaceLength(' Total\t12 \u00a0')).toBe(7);
  });

  it('counts words of ordinary and empty text', () => {
    for (const s of ['', '   ', 'one', ' two  words ', 'line\nbreaks\tand\u00a0nbsp\u3000ideographic', 'don’t—stop 12,5 %']) expect(countWords(s)).toBe(reference(s));
    expect(countWords('The quick brown fox')).toBe(4);
  });
});
