/**
 * `GET /metrics`: Prometheus text format (version 0.0.4), public like /health. In cluster
 * mode (`--redis`) the figures are the cluster's, read from Redis (jobs/cluster/
 * cluster-stats.ts): queue depth, jobs by state, pages per second over the last minute,
 * workers alive (heartbeats), p50/p99 latency from submission to end over the last 1000
 * jobs. On one machine, the queue depth and this process as the one worker.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import type { ClusterServerEngine } from '../../jobs/cluster/server-engine.js';

type Sample = [labels: string, value: number | null];

function metric(name: string, type: 'gauge' | 'counter' | 'summary', help: string, samples: Sample[]): string {
  const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`];
  for (const [labels, value] of samples) if (value !== null && Number.isFinite(value)) lines.push(`${name}${labels} ${value}`);
  return lines.join('\n');
}

async function clusterMetrics(engine: ClusterServerEngine): Promise<string[]> {
  const [stats, counts] = await Promise.all([engine.readStats(), engine.queueCounts()]);
  const finished = ['succeeded', 'failed', 'cancelled'].map((s): Sample => [`{state="${s}"}`, stats.finished[s] ?? 0]);
  return [
    metric('quire_queue_depth', 'gauge', 'Jobs waiting for a worker.', [['', counts.waiting ?? 0]]),
    metric('quire_jobs', 'gauge', 'Jobs by state (waiting and running now).', [
      ['{state="queued"}', (counts.waiting ?? 0) + (counts.delayed ?? 0)],
      ['{state="running"}', counts.active ?? 0],
    ]),
    metric('quire_jobs_finished_total', 'counter', 'Jobs that ended, by final state.', finished),
    metric('quire_pages_finished_total', 'counter', 'Pages of the jobs that ended.', [['', stats.finished.pages ?? 0]]),
    metric('quire_pages_per_second', 'gauge', 'Pages per second over the last minute.', [['', stats.pagesPerSecond]]),
    metric('quire_workers_alive', 'gauge', 'Worker processes with a heartbeat in the last 10 s.', [['', stats.workersAlive]]),
    metric('quire_job_latency_seconds', 'summary', 'Time from submission to end, last 1000 jobs.', [
      ['{quantile="0.5"}', stats.latencyP50Ms === null ? null : stats.latencyP50Ms / 1000],
      ['{quantile="0.99"}', stats.latencyP99Ms === null ? null : stats.latencyP99Ms / 1000],
    ]),
  ];
}

export async function metricsRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get('/metrics', { config: { public: true }, schema: { summary: 'Prometheus metrics', tags: ['health'] } }, async (_req, reply) => {
    const body = 'readStats' in ctx.engine
      ? await clusterMetrics(ctx.engine as ClusterServerEngine)
      : [metric('quire_queue_depth', 'gauge', 'Jobs waiting for a worker.', [['', ctx.engine.queuedJobs]]), metric('quire_workers_alive', 'gauge', 'Worker processes (this one).', [['', 1]])];
    reply.header('content-type', 'text/plain; version=0.0.4; charset=utf-8');
    return `${body.join('\n')}\n`;
  });
}
