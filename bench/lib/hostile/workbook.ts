/**
 * Workbooks written directly as SpreadsheetML parts and zipped here, for the reliability
 * tests and the hostile bench: a sheet of a million formulas takes ~1 s to build this way
 * (SheetJS's writer took 5.4 s and 1 GB), and a zip bomb needs headers no writer produces.
 */
import zlib from 'node:zlib';

export interface ZipPart {
  name: string;
  data: Buffer;
  /** Already deflated (raw): stored as given, with `size` as the declared uncompressed size. */
  deflated?: { size: number; crc: number };
}

/** A zip of deflated parts with correct sizes and CRCs (unless a part declares its own). */
export function zipParts(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const body = p.deflated ? p.data : zlib.deflateRawSync(p.data, { level: 1 });
    const size = p.deflated ? p.deflated.size : p.data.length;
    const crc = p.deflated ? p.deflated.crc : zlib.crc32(p.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(0x800, 8);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(crc >>> 0, 16);
    cd.writeUInt32LE(body.length, 20);
    cd.writeUInt32LE(size >>> 0, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    central.push(cd, name);
    offset += 30 + name.length + body.length;
  }
  const cdBuf = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cdBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cdBuf, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

/** An xlsx of one sheet whose XML body (inside <sheetData>) is given, or already deflated. */
export function singleSheetXlsx(sheet: ZipPart['data'] | { deflated: Buffer; size: number; crc: number }): Buffer {
  const sheetPart: ZipPart = Buffer.isBuffer(sheet) ? { name: 'xl/worksheets/sheet1.xml', data: sheet } : { name: 'xl/worksheets/sheet1.xml', data: sheet.deflated, deflated: { size: sheet.size, crc: sheet.crc } };
  return zipParts([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', data: Buffer.from(ROOT_RELS) },
    { name: 'xl/workbook.xml', data: Buffer.from(WORKBOOK) },
    { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(WORKBOOK_RELS) },
    sheetPart,
  ]);
}

function columnName(c: number): string {
  let s = '';
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/**
 * A sheet of `cells` formula cells in `cols` columns: row 1 holds numbers, every cell below
 * is `=<cell above>+1` with its cached value, as Excel saves it.
 */
export function formulaWorkbook(cells: number, cols = 20): Buffer {
  const rows = Math.ceil(cells / cols);
  const names = Array.from({ length: cols }, (_, c) => columnName(c));
  const parts: string[] = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'];
  for (let r = 1; r <= rows; r++) {
    let row = `<row r="${r}">`;
    for (let c = 0; c < cols; c++) {
      const ref = `${names[c]}${r}`;
      row += r === 1 ? `<c r="${ref}"><v>${c}</v></c>` : `<c r="${ref}"><f>${names[c]}${r - 1}+1</f><v>${c + r - 1}</v></c>`;
    }
    parts.push(row + '</row>');
  }
  parts.push('</sheetData></worksheet>');
  return singleSheetXlsx(Buffer.from(parts.join('')));
}

/**
 * A zip bomb xlsx: the sheet part declares `declaredBytes` and holds a deflate stream of
 * `inflatedBytes` of repeated cells (16 MiB blocks ended by a full flush, repeated).
 */
export function zipBombXlsx(inflatedBytes: number, declaredBytes = inflatedBytes): Buffer {
  const unit = Buffer.alloc(16 * 1024 * 1024, '<c r="A1"><v>1</v></c>');
  const block = zlib.deflateRawSync(unit, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const copies = Math.max(1, Math.ceil(inflatedBytes / unit.length));
  const deflated = Buffer.concat([...Array.from({ length: copies }, () => block), zlib.deflateRawSync(Buffer.alloc(0))]);
  return singleSheetXlsx({ deflated, size: Math.min(declaredBytes, 0xffffffff), crc: 0 });
}
