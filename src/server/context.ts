/**
 * Everything the routes share, built once at startup: the engine (on the durable store),
 * keys, quota, URL signer, upload tickets and the folders of the data dir. Routes get this
 * object and hold no state of their own.
 */
import type { LlmEndpoint } from '../model/llm-endpoint.js';
import path from 'node:path';
import fs from 'node:fs/promises';
import { DurableEngine } from '../jobs/durable-engine.js';
import { FsJobStore } from '../jobs/stores/fs-job-store.js';
import type { JobStore } from '../jobs/job-store.js';
import type { JobRecord } from '../model/job.js';
import { loadKeys, type KeyRing } from './keys.js';
import type { QuotaStore } from './quota.js';
import { openSharedState, type SharedState } from './shared-state/open-state.js';
import type { Redis } from 'ioredis';
import { Signer } from './signing.js';
import { TicketBook, type Ticket } from './tickets.js';
import { Settlement } from './settle.js';
import { V3State } from './v3-flow.js';
import { Batches, type BatchRecord } from './batches.js';
import { pdfPageCount } from './inspect-input.js';
import { PDFDocument } from 'pdf-lib';
import { WorkerPool } from '../workers/pool.js';
import type { TaskHandlers } from '../operations/tasks.js';
import { fileURLToPath } from 'node:url';

/** The pool's worker entry of this build (TypeScript under tsx in tests, else compiled), as the engine picks it. */
function workerEntry(): string {
  const fromSource = fileURLToPath(import.meta.url).endsWith('.ts');
  return fileURLToPath(new URL(fromSource ? '../operations/worker-entry.ts' : '../operations/worker-entry.js', import.meta.url));
}

async function tinyPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage();
  return doc.save();
}

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  workers?: number;
  keysFile?: string;
  /** Comma-separated keys (QUIRE_API_KEYS). */
  envKeys?: string;
  maxConcurrentJobs: number;
  maxQueuedJobs: number;
  /** Page limit per document (spec default 2000). */
  maxPages: number;
  /** Body limits in bytes, per endpoint group. */
  limits: { parse: number; excel: number; tables: number; upload: number; json: number };
  /**
   * Submissions whose declared body is at most this many bytes are read into memory and their
   * bytes handed to the engine (no upload copy in `inputs/`; read-submission.ts). Default 16 MB.
   */
  memoryUploadBytes?: number;
  /**
   * A status poll of a job whose remaining pages should take at most this many ms waits for
   * its end (poll-hold.ts; default 100, or QUIRE_POLL_LEAD_MS; 0: only once every page is done).
   */
  pollLeadMs?: number;
  /** The longest a status poll waits for its job's end (poll-hold.ts; default 250, or QUIRE_POLL_HOLD_MS; 0: never). */
  pollHoldMs?: number;
  /** Whole-request time limit, ms (a client sending one byte a second is cut off: 408). */
  requestTimeoutMs: number;
  /** Requests handled at once before the platform-capacity 503. */
  maxInFlight: number;
  /** SIGTERM: how long running jobs get to finish. */
  shutdownGraceMs: number;
  /** v3 (`/v3/parse*`) per-key limits: submissions per second (burst) and per UTC day (spec: 2 and 100). */
  v3Limits?: { perSecond: number; perDay: number };
  /** Cluster mode: records and queue in this Redis (redis://HOST:PORT), jobs run by `quire worker` processes. */
  redis?: string;
  /** Cluster mode: jobs one key may have waiting before its submissions get 429 (default: no limit). */
  maxQueuedPerKey?: number;
  /** Cluster mode: ms after a server's death before another server takes over its pending work (default 30 000). */
  leaseMs?: number;
  /** Engine overrides (tests). */
  engine?: { taskTimeoutMs?: number; allowPrivateUrls?: boolean; resultFileChars?: number; markdownJobs?: { inlineLimitBytes?: number }; extractionLlm?: LlmEndpoint | null };
}

export const DEFAULT_CONFIG: ServerConfig = {
  host: '127.0.0.1',
  port: 8080,
  dataDir: path.resolve('quire-data'),
  maxConcurrentJobs: 2,
  maxQueuedJobs: 100,
  maxPages: 2000,
  limits: { parse: 500 * 2 ** 20, excel: 100 * 2 ** 20, tables: 100 * 2 ** 20, upload: 5 * 2 ** 30, json: 2 ** 20 },
  requestTimeoutMs: 300_000,
  maxInFlight: 512,
  shutdownGraceMs: 30_000,
};

export interface ServerContext {
  config: ServerConfig;
  engine: DurableEngine;
  /** The job store (files, or Redis in cluster mode); `peek` reads a record synchronously. */
  store: JobStore & { peek(id: string): Omit<JobRecord, 'result'> | undefined };
  /** Cluster mode: fetches the records a request names before its route peeks at them. */
  prefetch?: (ids: string[]) => Promise<void>;
  /** Cluster mode: per-key queue depth (key-backpressure.ts). */
  cluster?: { keyBackpressure(owner: string): { queued: number; limit: number; retryAfter: number } | null; accepted(owner: string, id: string): void };
  keys: KeyRing;
  /** Where quotas, tickets, the ledger, batches and v3 jobs are kept: files, or Redis in cluster mode (shared-state/). */
  state: SharedState;
  quota: QuotaStore;
  signer: Signer;
  tickets: TicketBook;
  /** Page reservations and upload copies of accepted jobs, settled when each ends (settle.ts). */
  settlement: Settlement;
  /** v3 jobs, uploads and daily counts, kept in `data/v3/` (v3-flow.ts, v3-jobs.ts). */
  v3: V3State;
  /** Extraction batches, kept in `data/batches/` (batches.ts). */
  batches: Batches;
  /** One worker thread that counts PDF pages at submission (inspect-input.ts). */
  pageCounter: WorkerPool<TaskHandlers>;
  dirs: { files: string; inputs: string };
  /** `http://host:port`, known once listening. */
  baseUrl: string;
  /** Set by shutdown: new work is refused with 503. */
  stopping: boolean;
  generatedKey?: string;
}

export async function createContext(config: ServerConfig): Promise<ServerContext> {
  const dataDir = path.resolve(config.dataDir);
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const dirs = { files: path.join(dataDir, 'files'), inputs: path.join(dataDir, 'inputs') };
  const engineConfig = {
    workers: config.workers,
    maxConcurrentJobs: config.maxConcurrentJobs,
    maxQueuedJobs: config.maxQueuedJobs,
    maxPages: config.maxPages,
    maxFileBytes: Math.max(config.limits.parse, config.limits.upload),
    dataDir: dirs.files,
    // A long-running server: its workers load the PDF editor while idle (first edit fast).
    warmPdfEditor: true,
    // The spec: parse and Excel tasks are not auto-deleted.
    fileRetentionMs: 0,
    maxFinishedJobs: Number.MAX_SAFE_INTEGER,
    ...config.engine,
  };
  let store: ServerContext['store'];
  let engine: DurableEngine;
  let prefetch: ServerContext['prefetch'];
  let clusterHooks: ServerContext['cluster'];
  let redis: Redis | undefined;
  if (config.redis) {
    const { openServerCluster } = await import('../jobs/cluster/open-cluster.js');
    const cluster = await openServerCluster(config.redis, { ...engineConfig, maxQueuedPerKey: config.maxQueuedPerKey });
    ({ store, engine, redis } = cluster);
    clusterHooks = cluster.engine;
    prefetch = async (ids) => void (await Promise.all(ids.map((id) => cluster.store.get(id))));
  } else {
    store = await FsJobStore.open(path.join(dataDir, 'jobs'));
    engine = new DurableEngine({ ...engineConfig, store });
  }
  // The page counter's worker loads pdf.js now rather than on the first submission (~1 s).
  const pageCounter = new WorkerPool<TaskHandlers>({ threads: 1, taskTimeoutMs: 30_000, workerMemoryMb: 1024, filename: workerEntry() });
  await pdfPageCount(pageCounter, await tinyPdf());
  const { ring, generated } = await loadKeys({ keysFile: config.keysFile, envKeys: config.envKeys, dataDir });
  const state = await openSharedState(dataDir, redis, config.leaseMs);
  const quota = state.quota;
  const settlement = await Settlement.open(await state.book('ledger', 'ledger'), { engine, store, quota, keys: ring, inputsDir: dirs.inputs, leases: state.leases });
  const ctx: ServerContext = {
    config: { ...config, dataDir },
    engine,
    store,
    prefetch,
    cluster: clusterHooks,
    keys: ring,
    state,
    quota,
    signer: await Signer.open(dataDir),
    tickets: new TicketBook(await state.book('tickets', 'tickets', (t: Ticket) => t.state)),
    settlement,
    pageCounter,
    dirs,
    baseUrl: `http://${config.host}:${config.port}`,
    stopping: false,
    generatedKey: generated,
    v3: undefined as unknown as V3State,
    batches: undefined as unknown as Batches,
  };
  ctx.v3 = await V3State.open(ctx);
  ctx.batches = new Batches(ctx, await state.book('batches', 'batches', (b: BatchRecord) => (b.jobIds.length < b.files.length ? 'open' : undefined)));
  return ctx;
}
