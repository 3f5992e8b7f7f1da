/**
 * Quire's public library API: the engine, its configuration, the operations registry (for
 * embedders adding their own operations), the job layer's interfaces, the result types and
 * the errors. Pipeline internals are not part of it (tests and benches import them by path).
 */
export { createEngine, Engine, type EngineConfig, type WaitOptions } from './jobs/engine.js';
export type { CreationResponse, ParseJobView, GenericJobView, ReadOptions, ParseStatus, TablesCreationResponse, TablesJobView } from './jobs/views.js';
export type { TablesResult } from './operations/tables/run-tables.js';
export type { TableEntry } from './operations/tables/table-result.js';
export { MemoryJobStore, JobConflictError, type JobStore, type JobFilter, type JobRecord, type JobState } from './jobs/job-store.js';
export { MemoryJobQueue, type JobQueue } from './jobs/queue.js';
export { FsBlobStore, type BlobStore } from './jobs/blob-store.js';
export { defaultDataDir } from './jobs/data-dir.js';
export type { JobInput } from './input/resolve-input.js';
export type { V3Job, V3Document, MarkdownOptions } from './operations/parse-v3/markdown-jobs.js';
export { QuireError, ValidationError, QueueFullError, EngineClosedError, JobNotFoundError, ProcessingError, PiiBlockedError, type ProcessingErrorKind } from './errors.js';
export * from './model/document.js';
export type { QuireDocument, DocItem, PageInfo, DocWarning, ItemProvenance } from './model/quire-document.js';
export type { TableGrid, TableCell } from './model/table.js';
export { outputSchema } from './model/output-schema.js';
export { registerOperation, listOperations } from './operations/registry.js';
export type { Operation, RunContext } from './operations/operation.js';
export { batchCite, batchExtract, getBatch, MAX_BATCH_FILES, type BatchCreation, type BatchView } from './jobs/extract-batch.js';
export type { ExtractJobView, ExtractCreationResponse, ExtractStatus } from './operations/extract/views.js';
export { setPiiDetector, type PiiDetector, type PiiVerdict } from './operations/extract/pii-preflight.js';
export type { EditPdfRequest } from './jobs/edit-pdf.js';
export type { EditOutcome } from './operations/edit/run-edit.js';
export type { PdfEditResult } from './operations/edit/views.js';
export type { DetectPiiOptions, DetectPiiResult } from './jobs/detect-pii.js';
export type { PiiFinding, PiiKind, PiiSeverity, PiiEngine, PiiBlockSeverity } from './pipeline/pii/types.js';
export { detectPiiInDocument, detectPiiInPages, piiVerdict } from './pipeline/pii/detect.js';
export { setExtractionLlm, type LlmEndpoint } from './operations/extract/llm-strategy.js';
