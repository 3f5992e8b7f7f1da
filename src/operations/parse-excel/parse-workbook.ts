/**
 * `parse excel`: workbook bytes → chunks of Table / Title / Text / Picture segments with
 * `cell_references`. Synchronous and CPU-bound: call it inside a worker thread.
 *
 * Each output sheet is a page (`page_number` = 1-based position among output sheets,
 * `page_count` = number of output sheets, empty ones included). Throws ProcessingError:
 * `unsupported_format`, `empty_file`, `password_required`, `corrupt_document`, `too_large`.
 */
import { workbookStyles, sheetStyleLookup, type CellStyle } from '../../formats/xlsx/cell-styles.js';
import { sheetDropdowns } from '../../formats/xlsx/data-validations.js';
import { sheetPictures } from '../../formats/xlsx/drawings.js';
import { DEFAULT_WORKBOOK_LIMITS, type WorkbookLimits } from '../../formats/xlsx/limits.js';
import { loadWorkbook } from '../../formats/xlsx/load-workbook.js';
import { sheetPartPaths } from '../../formats/ooxml/ooxml-parts.js';
import { buildSheetGrid, isSheetHidden } from '../../formats/xlsx/sheet-grid.js';
import type { ChunkedResult } from '../../model/document.js';
import { ProcessingError } from '../../errors.js';
import { effectiveOptions, type ParseExcelOptions } from './options.js';
import { sheetChunks } from './sheet-chunks.js';

export function parseWorkbook(bytes: Uint8Array, fileName: string, options: ParseExcelOptions, limits: WorkbookLimits = DEFAULT_WORKBOOK_LIMITS): ChunkedResult {
  const eff = effectiveOptions(options);
  const { workbook, parts } = loadWorkbook(bytes, fileName, limits);
  const sheetPaths = parts ? sheetPartPaths(parts) : new Map<string, string>();
  const needStyles = eff.colors || eff.dropStyleHidden;
  const xfStyles: CellStyle[] = parts && needStyles ? workbookStyles(parts) : [];

  const output = workbook.SheetNames.map((_, i) => i).filter((i) => !(eff.dropHiddenSheets && isSheetHidden(workbook, i)));
  // Dropdown lists may point at any sheet, so resolve them before sheets are released.
  const dropdowns = new Map(
    output.map((i) => {
      const name = workbook.SheetNames[i]!;
      const part = sheetPaths.get(name);
      return [i, eff.dropdowns && parts && part ? sheetDropdowns(parts, part, workbook, name) : null] as const;
    }),
  );
  let textChars = 0;
  const chunks = output.flatMap((sheetIndex, pos) => {
    const name = workbook.SheetNames[sheetIndex]!;
    const part = sheetPaths.get(name);
    const styles = parts && part && xfStyles.length ? sheetStyleLookup(parts, part, xfStyles) : null;
    const grid = buildSheetGrid(
      workbook,
      sheetIndex,
      {
        omitHiddenRows: eff.dropHiddenRows,
        omitHiddenCols: eff.dropHiddenCols,
        omitStyleHidden: eff.dropStyleHidden,
        withFormulas: eff.formulas,
        withNumberFormats: eff.numberFormats,
        withColors: eff.colors,
      },
      styles,
    );
    for (const c of grid.cells) textChars += c.display.length + (c.formula?.length ?? 0);
    if (textChars > limits.maxTextChars) {
      throw new ProcessingError('too_large', `Workbook rejected: its cells hold more than ${limits.maxTextChars.toLocaleString('en-US')} characters of text (the limit); the document's text is too large to hold in memory. Split the workbook.`);
    }
    const pictures = !eff.dropImages && parts && part ? sheetPictures(parts, part) : [];
    // The grid holds everything needed from here on: let the SheetJS cells and the sheet XML go.
    delete workbook.Sheets[name];
    if (parts && part) parts.files.delete(part);
    return sheetChunks({
      grid,
      pageNumber: pos + 1,
      clustering: eff.clustering,
      maxBodyRows: eff.maxBodyRows,
      dropdowns: dropdowns.get(sheetIndex) ?? null,
      pictures,
      limits,
    });
  });
  return { chunks, page_count: output.length };
}
