import { describe, expect, it } from 'vitest';
import { AxisGaps } from '../../src/formats/xlsx/axis-gaps.js';

describe('AxisGaps (omitted rows/columns as intervals)', () => {
  const gaps = new AxisGaps([5, 3, 4, 10, 4, 20, 21, 22]);

  it('answers membership and counts', () => {
    expect([2, 3, 4, 5, 6, 10, 21, 23].map((i) => gaps.has(i))).toEqual([false, true, true, true, false, true, true, false]);
    expect(gaps.countBelow(0)).toBe(0);
    expect(gaps.countBelow(4)).toBe(1);
    expect(gaps.countBelow(11)).toBe(4);
    expect(gaps.countBelow(100)).toBe(7);
    expect(gaps.countIn(4, 21)).toBe(5);
  });

  it('treats omitted indices as transparent between neighbours', () => {
    expect(gaps.keptBetween(2, 6)).toBe(0);
    expect(gaps.keptBetween(2, 7)).toBe(1);
    expect(gaps.keptBetween(19, 23)).toBe(0);
    expect([...gaps.kept(1, 12)]).toEqual([1, 2, 6, 7, 8, 9, 11, 12]);
    expect(gaps.nextKept(2)).toBe(6);
    expect(gaps.nextKept(19)).toBe(23);
    expect(gaps.prevKept(6)).toBe(2);
    expect(gaps.prevKept(1)).toBe(0);
    expect(new AxisGaps([0, 1]).prevKept(2)).toBe(-1);
  });

  it('stays cheap for a million hidden trailing rows', () => {
    const many = new AxisGaps(Array.from({ length: 1_000_000 }, (_, i) => i + 48_576));
    expect(many.keptBetween(48_575, 1_048_576)).toBe(0);
    expect(many.nextKept(48_575)).toBe(1_048_576);
    expect([...many.kept(48_570, 1_048_580)]).toHaveLength(6 + 5);
  });
});
