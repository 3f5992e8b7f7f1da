/**
 * The parse an extraction reads. `page_by_page` keeps every word of the page with its box and
 * OCR confidence in one segment per page; the layout model's tables on scanned receipts kept
 * cell texts only and dropped words (SROIE 000: the item line and "Total" were lost), and
 * extraction needs every word to cite. Measured in bench/extract.ts; see README.
 */
export const EXTRACTION_PARSE_OPTIONS: Readonly<Record<string, unknown>> = Object.freeze({ segmentation_method: 'page_by_page' });
