/**
 * What the parse operation needs only once its pages are back from the workers: document-level
 * typing, merged tables, the neutral document, the v1 segments and chunks, citations and
 * notes. run-parse.ts imports this module when the pages start (not with the engine), so these
 * modules are compiled on the main thread while the workers read the pages instead of before
 * the first page can start (freeculture's CLI parse: the main thread is the critical path
 * until the first task is dispatched; see bench/README.md).
 */
export { buildDocument, prepareBlocks } from '../../pipeline/assemble/build-document.js';
export { segmentsOf } from '../../render/segments.js';
export { chunkSegments } from '../../pipeline/chunking/chunk-segments.js';
export { classifyDocument } from '../../pipeline/classify/document-types.js';
export { mergeTablesAcrossPages } from '../../pipeline/merge-tables/merge-tables.js';
export { tableProcessingNotes } from './processing-notes.js';
export { applyContentSource, contentSourceNotes } from './content-source.js';
export { linkCitations } from '../../pipeline/bibliography/link-citations.js';
