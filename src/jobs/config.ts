/**
 * The engine's settings, with their defaults in one place.
 */
import type { LayoutModelRef } from '../engines/layout/model-ref.js';
import { pdfDecodeLimitsEnv, type PdfDecodeLimits } from '../formats/pdf/decode-limits.js';
import { resolveLayoutModel } from '../engines/layout/model-ref.js';
import type { BlobStore } from './blob-store.js';
import { defaultDataDir } from './data-dir.js';
import type { JobStore } from './job-store.js';
import type { JobQueue } from './queue.js';
import type { MarkdownJobsConfig } from '../operations/parse-v3/markdown-jobs.js';
import type { LlmEndpoint } from '../model/llm-endpoint.js';
import type { WorkerPool } from '../workers/pool.js';
import type { TaskHandlers } from '../operations/tasks.js';

export interface EngineConfig {
  /** Worker threads (default: cores). */
  workers?: number;
  /** Jobs processed at once (default 2); more wait in the queue. */
  maxConcurrentJobs?: number;
  /** Jobs allowed to wait; a submission beyond is refused with QueueFullError. */
  maxQueuedJobs?: number;
  /** Page limit per document (spec default 2000). */
  maxPages?: number;
  /** Largest accepted input in bytes (default 500 MB). */
  maxFileBytes?: number;
  /** Per-task (batch of pages) time limit, ms (default 60 s), from when a worker takes the task. */
  taskTimeoutMs?: number;
  /** Heap limit per worker, MB (default 2048). */
  workerMemoryMb?: number;
  /** URL download time limit, ms (default 60 s). */
  fetchTimeoutMs?: number;
  /** Allow URLs that resolve to private, loopback or link-local addresses (default false). */
  allowPrivateUrls?: boolean;
  /** Page credits available to this engine (default 1,000,000). */
  pageQuota?: number;
  /**
   * Private folder (0700, no symlink) for jobs' input copies, crops and results (default:
   * `$XDG_RUNTIME_DIR/quire`, else `<os tmpdir>/quire-<uid>`).
   */
  dataDir?: string;
  /** How long a finished job (record and files) is kept, ms (default 1 hour; 0: until deleteJob). */
  fileRetentionMs?: number;
  /** Finished jobs kept at most; the oldest are removed first (default 1000). */
  maxFinishedJobs?: number;
  /**
   * Results of at least this many JSON characters are written to the job's folder by the
   * worker that made them and read from there lazily, instead of being copied to the main
   * thread and kept in memory (default 16 Mi characters; operations that support it: parse excel).
   */
  resultFileChars?: number;
  /**
   * PDF decode limits (formats/pdf/decode-limits.ts): bytes one stream may inflate to
   * (`maxInflatedBytes`, default 256 MiB), pixels of one image (`maxImagePixels`, 100 MP; a
   * JPEG's own frame header counts too) and of one 1-bit mask (`maxImageMaskPixels`, 150 MP).
   */
  pdfDecodeLimits?: Partial<PdfDecodeLimits>;
  /**
   * Load the PDF editor (PDFium: ~45 ms CPU, ~16 MB) in each pool worker while it is idle, so
   * the first edit of a fresh engine pays no load (default false; `quire serve` sets it). Off
   * by default because a parse-only engine or CLI run would pay it for nothing.
   */
  warmPdfEditor?: boolean;
  /** Job store (default: in memory). */
  store?: JobStore;
  /** Job queue (default: in memory). */
  queue?: JobQueue;
  /** Blob store (default: files under dataDir). */
  blobs?: BlobStore;
  /**
   * The pool the operations see, made from the engine's own (a cluster worker sends large
   * documents' page batches to other workers: jobs/cluster/page-fanout.ts). Default: the pool.
   */
  pagePool?: (pool: WorkerPool<TaskHandlers>) => WorkerPool<TaskHandlers>;
  /**
   * A pool already started with this configuration's settings (the CLI starts its workers
   * before the engine's modules load: cli/early-pool.ts). The engine owns it: close() stops it.
   * Default: the engine starts its own.
   */
  pool?: WorkerPool<TaskHandlers>;
  /** Worker entry override (tests). */
  workerFile?: string;
  /**
   * Layout model manifest (models/layout/README.md): the bundled model by default, a path to
   * a compatible model's manifest, or null to run without a layout model.
   */
  layoutModel?: string | null;
  /** onnxruntime intra-op threads per worker for the layout model (default 1). */
  layoutThreads?: number;
  /**
   * Folder where workers keep V8's compiled code of pdf.js, so a fresh worker starts
   * ~0.1 s sooner (default: `$XDG_CACHE_HOME/quire` or `~/.cache/quire`, or the
   * QUIRE_CODE_CACHE_DIR environment variable; null: no cache).
   */
  codeCacheDir?: string | null;
  /**
   * Optional, off by default: a language-model server on the user's own network (OpenAI-compatible
   * chat endpoint) that extraction's verification pass (delta, high_accuracy_mode) asks about
   * fields still uncertain; its answers are grounded back to the document's words.
   */
  extractionLlm?: LlmEndpoint | null;
  /** v3 markdown jobs (operations/parse-v3): clock, inline-result limit, retention, sweep period. */
  markdownJobs?: Pick<MarkdownJobsConfig, 'now' | 'inlineLimitBytes' | 'retentionMs' | 'sweepEveryMs'>;
}

export interface ResolvedConfig {
  maxConcurrentJobs: number;
  maxQueuedJobs: number;
  maxPages: number;
  maxFileBytes: number;
  taskTimeoutMs: number;
  fetchTimeoutMs: number;
  allowPrivateUrls: boolean;
  pageQuota: number;
  dataDir: string;
  fileRetentionMs: number;
  maxFinishedJobs: number;
  layoutModel: LayoutModelRef | null;
  resultFileChars: number;
  extractionLlm: LlmEndpoint | null;
}

/** What the pool's workers read from their environment when they load (validated here: a ValidationError names a bad limit). */
export function workerEnvOf(config: EngineConfig): Record<string, string> {
  return { ...pdfDecodeLimitsEnv(config.pdfDecodeLimits), ...(config.warmPdfEditor ? { QUIRE_WARM_PDF_EDITOR: '1' } : {}) };
}

export function resolveConfig(config: EngineConfig): ResolvedConfig {
  return {
    maxConcurrentJobs: config.maxConcurrentJobs ?? 2,
    maxQueuedJobs: config.maxQueuedJobs ?? 100,
    maxPages: config.maxPages ?? 2000,
    maxFileBytes: config.maxFileBytes ?? 500 * 1024 * 1024,
    taskTimeoutMs: config.taskTimeoutMs ?? 60_000,
    fetchTimeoutMs: config.fetchTimeoutMs ?? 60_000,
    allowPrivateUrls: config.allowPrivateUrls ?? false,
    pageQuota: config.pageQuota ?? 1_000_000,
    dataDir: config.dataDir ?? defaultDataDir(),
    fileRetentionMs: config.fileRetentionMs ?? 3_600_000,
    maxFinishedJobs: config.maxFinishedJobs ?? 1000,
    layoutModel: resolveLayoutModel(config.layoutModel, config.layoutThreads),
    resultFileChars: config.resultFileChars ?? 16 * 1024 * 1024,
    extractionLlm: config.extractionLlm ?? null,
  };
}
