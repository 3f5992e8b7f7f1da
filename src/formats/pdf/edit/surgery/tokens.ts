/**
 * A PDF content-stream lexer that keeps byte offsets. The surgery rewrites only the operators
 * that show removed glyphs; every other byte of the stream is copied as it was, so each
 * operation is returned with the byte range of its operands and operator.
 * Inline images (BI … ID data EI) are returned as one operation whose data is skipped.
 */

export type Operand =
  | { t: 'num'; v: number }
  | { t: 'str'; bytes: Uint8Array }
  | { t: 'name'; v: string }
  | { t: 'arr'; items: Operand[] }
  | { t: 'dict'; entries: Map<string, Operand> }
  | { t: 'other'; v: string };

export interface Operation {
  op: string;
  args: Operand[];
  /** Byte range of operands and operator in the decoded stream. */
  start: number;
  end: number;
  /** For BI: the inline image's dictionary. */
  inline?: Map<string, Operand>;
}

export class ContentSyntaxError extends Error {}

const WS = new Set([0, 9, 10, 12, 13, 32]);
const DELIM = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const regular = (c: number) => !WS.has(c) && !DELIM.has(c);

export function tokenize(src: Uint8Array): Operation[] {
  const ops: Operation[] = [];
  let i = 0;
  let args: Operand[] = [];
  let argStart = -1;
  const n = src.length;

  const skipSpace = () => {
    while (i < n) {
      const c = src[i];
      if (WS.has(c)) i++;
      else if (c === 0x25) {
        while (i < n && src[i] !== 10 && src[i] !== 13) i++;
      } else break;
    }
  };

  const literal = (): Uint8Array => {
    // src[i] === '('
    i++;
    const out: number[] = [];
    let depth = 1;
    while (i < n) {
      const c = src[i++];
      if (c === 0x5c) {
        const d = src[i++];
        const map: Record<number, number> = { 0x6e: 10, 0x72: 13, 0x74: 9, 0x62: 8, 0x66: 12, 0x28: 0x28, 0x29: 0x29, 0x5c: 0x5c };
        if (d in map) out.push(map[d]);
        else if (d >= 0x30 && d <= 0x37) {
          let v = d - 0x30;
          for (let k = 0; k < 2 && src[i] >= 0x30 && src[i] <= 0x37; k++) v = v * 8 + (src[i++] - 0x30);
          out.push(v & 0xff);
        } else if (d === 13) {
          if (src[i] === 10) i++;
        } else if (d !== 10) out.push(d);
      } else if (c === 0x28) {
        depth++;
        out.push(c);
      } else if (c === 0x29) {
        if (--depth === 0) return Uint8Array.from(out);
        out.push(c);
      } else out.push(c);
    }
    throw new ContentSyntaxError('unterminated string');
  };

  const hex = (): Uint8Array => {
    i++;
    const digits: number[] = [];
    while (i < n && src[i] !== 0x3e) {
      const c = src[i++];
      const v = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 55 : c >= 0x61 && c <= 0x66 ? c - 87 : -1;
      if (v >= 0) digits.push(v);
      else if (!WS.has(c)) throw new ContentSyntaxError('bad hex string');
    }
    if (i >= n) throw new ContentSyntaxError('unterminated hex string');
    i++;
    if (digits.length % 2) digits.push(0);
    const out = new Uint8Array(digits.length / 2);
    for (let k = 0; k < out.length; k++) out[k] = digits[2 * k] * 16 + digits[2 * k + 1];
    return out;
  };

  const word = (): string => {
    const s = i;
    while (i < n && regular(src[i])) i++;
    return String.fromCharCode(...src.subarray(s, i));
  };

  // One operand, or a bare operator keyword (returned as 'other' with op = true).
  const value = (): { v: Operand; keyword?: string } => {
    const c = src[i];
    if (c === 0x28) return { v: { t: 'str', bytes: literal() } };
    if (c === 0x3c && src[i + 1] === 0x3c) {
      i += 2;
      const entries = new Map<string, Operand>();
      for (;;) {
        skipSpace();
        if (i >= n) throw new ContentSyntaxError('unterminated dictionary');
        if (src[i] === 0x3e && src[i + 1] === 0x3e) {
          i += 2;
          return { v: { t: 'dict', entries } };
        }
        const k = value();
        if (k.v.t !== 'name') throw new ContentSyntaxError('dictionary key is not a name');
        skipSpace();
        const v = value();
        if (v.keyword) throw new ContentSyntaxError('operator inside a dictionary');
        entries.set(k.v.v, v.v);
      }
    }
    if (c === 0x3c) return { v: { t: 'str', bytes: hex() } };
    if (c === 0x5b) {
      i++;
      const items: Operand[] = [];
      for (;;) {
        skipSpace();
        if (i >= n) throw new ContentSyntaxError('unterminated array');
        if (src[i] === 0x5d) {
          i++;
          return { v: { t: 'arr', items } };
        }
        const v = value();
        if (v.keyword) throw new ContentSyntaxError('operator inside an array');
        items.push(v.v);
      }
    }
    if (c === 0x2f) {
      i++;
      return { v: { t: 'name', v: word() } };
    }
    if (!regular(c)) throw new ContentSyntaxError(`unexpected byte ${c}`);
    const w = word();
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(w)) return { v: { t: 'num', v: Number(w) } };
    if (w === 'true' || w === 'false' || w === 'null') return { v: { t: 'other', v: w } };
    return { v: { t: 'other', v: w }, keyword: w };
  };

  for (;;) {
    skipSpace();
    if (i >= n) break;
    if (argStart < 0) argStart = i;
    const { v, keyword } = value();
    if (!keyword) {
      args.push(v);
      continue;
    }
    if (keyword === 'BI') {
      const entries = new Map<string, Operand>();
      for (;;) {
        skipSpace();
        if (i >= n) throw new ContentSyntaxError('unterminated inline image');
        const k = value();
        if (k.keyword === 'ID') break;
        if (k.v.t !== 'name') throw new ContentSyntaxError('inline image key is not a name');
        skipSpace();
        entries.set(k.v.v, value().v);
      }
      i++; // the single white-space byte after ID
      // The data ends at "EI" between white space (or at the end of the stream).
      let j = i;
      for (;;) {
        if (j + 1 >= n) throw new ContentSyntaxError('inline image without EI');
        if (src[j] === 0x45 && src[j + 1] === 0x49 && WS.has(src[j - 1]) && (j + 2 >= n || WS.has(src[j + 2]) || DELIM.has(src[j + 2]))) break;
        j++;
      }
      i = j + 2;
      ops.push({ op: 'BI', args: [], start: argStart, end: i, inline: entries });
    } else {
      ops.push({ op: keyword, args, start: argStart, end: i });
    }
    args = [];
    argStart = -1;
  }
  return ops;
}
