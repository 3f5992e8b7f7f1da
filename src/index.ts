/** Quire's public library API. */
export { createEngine, Engine, type EngineConfig, type WaitOptions } from './jobs/engine.js';
export type { CreationResponse, ParseJobView, GenericJobView, ReadOptions, ParseStatus } from './jobs/views.js';
export { MemoryJobStore, type JobStore, type JobRecord, type JobState } from './jobs/job-store.js';
export type { JobInput } from './input/resolve-input.js';
export { QuireError, ValidationError, QueueFullError, JobNotFoundError, ProcessingError, type ProcessingErrorKind } from './errors.js';
export * from './model/document.js';
export type { TableGrid, TableCell } from './model/table.js';
export { outputSchema } from './model/output-schema.js';
