/**
 * The ruled corpus tables both table-OCR benches read (`bench/table-ocr.ts`: the cell re-read
 * alone; `bench/tables-table-ocr.ts`: through `engine.tables`): [corpus path, page], in one
 * place so the two figures stay about the same pages.
 */
export const RULED_TABLE_PAGES: ReadonlyArray<readonly [string, number]> = [
  ['tables/tabula-java/src/test/resources/technology/tabula/icdar2013-dataset/competition-dataset-us/us-030.pdf', 2],
  ['tables/camelot/tests/files/twotables_2.pdf', 1],
  ['tables/camelot/tests/files/row_span_1.pdf', 1],
  ['tables/camelot/tests/files/column_span_2.pdf', 1],
  ['tables/camelot/tests/files/table_region.pdf', 1],
];
