/**
 * The parse an extraction reads. `page_by_page` keeps every word of the page with its box and
 * OCR confidence in one segment per page; the layout model's tables on scanned receipts kept
 * cell texts only and dropped words (SROIE 000: the item line and "Total" were lost), and
 * extraction needs every word to cite. No segment crops (nothing shows them). Measured in
 * bench/extract.ts; see README.
 */
export const EXTRACTION_PARSE_OPTIONS: Readonly<Record<string, unknown>> = Object.freeze({ segmentation_method: 'page_by_page', output_fields: '{"image":false}' });

/** The second reading of the verification pass (delta, high_accuracy_mode): OCR of every page at high resolution. */
export const VERIFY_PARSE_OPTIONS: Readonly<Record<string, unknown>> = Object.freeze({ ...EXTRACTION_PARSE_OPTIONS, ocr_mode: 'full_ocr', use_high_resolution: true });
