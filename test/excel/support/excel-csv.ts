/**
 * Reading Excel's own CSV exports (SheetJS test_files `2016/*.csv`, `2011/*.csv`), which
 * are written in Windows-1252: characters outside that code page come out as '_'.
 */

/** Windows-1252 0x80-0x9F (Node's TextDecoder treats the label as Latin-1). */
const CP1252_HIGH = '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

export function decodeCp1252(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b);
  return out;
}

const ENCODABLE = new Set<string>([...CP1252_HIGH]);

/** What Excel writes for `s` in a Windows-1252 CSV: unencodable characters become '_'. */
export function asCp1252(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    out += code < 0x80 || (code >= 0xa0 && code <= 0xff) || ENCODABLE.has(ch) ? ch : '_';
  }
  return out;
}

/** RFC 4180 with Excel's habits: CR, LF or CRLF row ends; line breaks inside quotes kept. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' || ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (ch === '\r' && text[i + 1] === '\n') i++;
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
