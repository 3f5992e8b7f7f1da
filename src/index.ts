/** Quire's public library API. */
export { createEngine, Engine, type EngineConfig, type WaitOptions } from './jobs/engine.js';
export type { CreationResponse, ParseJobView, GenericJobView, ReadOptions, ParseStatus, TablesCreationResponse, TablesJobView } from './jobs/views.js';
export type { TablesResult } from './operations/tables/run-tables.js';
export type { TableEntry } from './operations/tables/table-result.js';
export { detectTables, type DetectedTable } from './pipeline/tables/detect-tables.js';
export { detectScannedTables, type ScannedPageInput } from './pipeline/tables/scanned-table.js';
export { findRasterLines, type GreyRaster } from './pipeline/tables/raster-lines.js';
export { MemoryJobStore, type JobStore, type JobRecord, type JobState } from './jobs/job-store.js';
export type { JobInput } from './input/resolve-input.js';
export { QuireError, ValidationError, QueueFullError, JobNotFoundError, ProcessingError, type ProcessingErrorKind } from './errors.js';
export * from './model/document.js';
export type { TableGrid, TableCell } from './model/table.js';
export { outputSchema } from './model/output-schema.js';
export { registerOperation, listOperations } from './operations/registry.js';
export type { Operation, RunContext } from './operations/operation.js';
export type { ReadOptions as JobReadOptions } from './model/job.js';
