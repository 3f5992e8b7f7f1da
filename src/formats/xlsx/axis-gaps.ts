/**
 * A sorted set of omitted row (or column) indices, stored as intervals with prefix
 * counts. Excluded hidden rows/cols are "transparent": cells on both sides of them are
 * neighbours, exactly as the user sees them in Excel. Intervals keep this cheap even
 * when a sheet hides a million trailing rows.
 */
export class AxisGaps {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  /** before[i] = omitted indices in intervals 0..i-1. */
  private readonly before: number[] = [];

  static readonly NONE = new AxisGaps([]);

  /** `indices` need not be sorted or unique. */
  constructor(indices: Iterable<number>) {
    const sorted = [...new Set(indices)].sort((a, b) => a - b);
    let total = 0;
    for (const i of sorted) {
      const last = this.ends.length - 1;
      if (last >= 0 && this.ends[last] === i - 1) {
        this.ends[last] = i;
      } else {
        this.starts.push(i);
        this.ends.push(i);
        this.before.push(total);
      }
      total++;
    }
  }

  get isEmpty(): boolean {
    return this.starts.length === 0;
  }

  /** Index of the last interval starting at or before `i`, or -1. */
  private intervalAtOrBefore(i: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.starts[mid]! <= i) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  has(i: number): boolean {
    const k = this.intervalAtOrBefore(i);
    return k >= 0 && i <= this.ends[k]!;
  }

  /** Omitted indices strictly below `i`. */
  countBelow(i: number): number {
    const k = this.intervalAtOrBefore(i - 1);
    if (k < 0) return 0;
    return this.before[k]! + Math.min(this.ends[k]!, i - 1) - this.starts[k]! + 1;
  }

  /** Omitted indices in the closed range [a, b]. */
  countIn(a: number, b: number): number {
    return b < a ? 0 : this.countBelow(b + 1) - this.countBelow(a);
  }

  /** Kept (visible) indices strictly between a and b. */
  keptBetween(a: number, b: number): number {
    return b - a - 1 <= 0 ? 0 : b - a - 1 - this.countIn(a + 1, b - 1);
  }

  /** The first kept index after i. */
  nextKept(i: number): number {
    const j = i + 1;
    const k = this.intervalAtOrBefore(j);
    return k >= 0 && j <= this.ends[k]! ? this.ends[k]! + 1 : j;
  }

  /** The last kept index before i (may be -1: nothing kept before). */
  prevKept(i: number): number {
    const j = i - 1;
    const k = this.intervalAtOrBefore(j);
    return k >= 0 && j <= this.ends[k]! ? this.starts[k]! - 1 : j;
  }

  /** The kept indices of [a, b], in order. */
  *kept(a: number, b: number): Generator<number> {
    let i = a;
    while (i <= b) {
      const k = this.intervalAtOrBefore(i);
      if (k >= 0 && i <= this.ends[k]!) {
        i = this.ends[k]! + 1;
        continue;
      }
      yield i++;
    }
  }
}
