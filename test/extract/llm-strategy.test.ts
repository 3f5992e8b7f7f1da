/**
 * The optional language-model pass over a real socket: a local OpenAI-compatible endpoint
 * (node:http, speaking the chat-completions protocol) answers for the uncertain fields; what
 * is under test is our side: the request, and the grounding of the answers in the document's
 * words (an answer the words spell is cited, one they do not gets grounding 0 and no citation).
 * The endpoint is set in the engine's configuration (EngineConfig.extractionLlm), per engine:
 * an engine without it sends nothing; the server takes it from `--llm-url/--llm-model` or env.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { llmEndpointFrom } from '../../src/server/llm-config.js';
import { auth, json, KEYS, pollUntil, testServer } from '../server/server-helpers.js';
import type { ExtractJobView } from '../../src/operations/extract/views.js';
import { INVOICE_WORDS, makePdf } from './make-invoice.js';

let server: http.Server;
let engine: Engine;
let llmUrl: string;
const requests: { model: string; prompt: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const r = JSON.parse(body) as { model: string; messages: { content: string }[] };
      requests.push({ model: r.model, prompt: r.messages[0]!.content });
      // The endpoint's answer: one value the document prints, one it does not.
      const content = JSON.stringify({ buyer: 'Contoso Pharmacy Inc', bank_account: 'GB29 NWBK 6016 1331 9268 19' });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  llmUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  engine = createEngine({ workers: 1, extractionLlm: { url: llmUrl, model: 'local-test' } });
});
afterAll(async () => {
  await engine.close();
  server.close();
});

const schema = {
      type: 'object',
      properties: {
        total: { type: 'number', description: 'Total amount due' },
        buyer: { type: 'string', description: 'Customer the invoice is addressed to' },
        bank_account: { type: 'string', description: 'IBAN to pay to' },
      },
      required: [],
      additionalProperties: false,
    };

describe('language model pass (high_accuracy_mode)', () => {
  it('asks for the uncertain fields only and grounds the answers', async () => {
    const pdf = await makePdf(INVOICE_WORDS);
    const { job_id } = await engine.submit<{ job_id: string }>('extract', { data: pdf, fileName: 'i.pdf' }, { schema_data: JSON.stringify(schema), enable_citations: true, high_accuracy_mode: true });
    const v = await engine.wait<ExtractJobView>(job_id, { timeoutMs: 120_000 });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.model).toBe('local-test');
    expect(requests[0]!.prompt).toContain('- buyer (string)');
    expect(requests[0]!.prompt).not.toContain('- total'); // found with certainty by the engine
    expect(requests[0]!.prompt).toContain('Northwind Traders Ltd'); // the document's text
    type A = { value: unknown; score: { grounding_score: number; extraction_score: number }; citation: { bbox: number[] } | null };
    const r = v.result as Record<string, A>;
    expect(r.total!.value).toBe(3021);
    expect(r.buyer!.value).toBe('Contoso Pharmacy Inc');
    expect(r.buyer!.citation!.bbox[1]).toBeGreaterThan(200); // drawn at y = 206 pt
    expect(r.bank_account!.value).toBe('GB29 NWBK 6016 1331 9268 19');
    expect(r.bank_account!.citation).toBeNull();
    expect(r.bank_account!.score.grounding_score).toBe(0);
    expect(v.metadata.notes?.some((n) => n.startsWith('Language model pass (local-test)'))).toBe(true);
  });

  it('an engine whose configuration names no endpoint sends nothing', async () => {
    const bare = createEngine({ workers: 1 });
    try {
      const before = requests.length;
      const { job_id } = await bare.submit<{ job_id: string }>('extract', { data: await makePdf(INVOICE_WORDS), fileName: 'i.pdf' }, { schema_data: JSON.stringify(schema), high_accuracy_mode: true });
      const v = await bare.wait<ExtractJobView>(job_id, { timeoutMs: 120_000 });
      expect(requests.length).toBe(before);
      expect((v.result as Record<string, { value: unknown }>).buyer!.value).not.toBe('Contoso Pharmacy Inc');
    } finally {
      await bare.close();
    }
  }, 150_000);

  it('the server takes the endpoint from --llm-url/--llm-model (or env) and uses it over HTTP', async () => {
    expect(llmEndpointFrom({}, {})).toBeNull();
    expect(() => llmEndpointFrom({ llmUrl: llmUrl }, {})).toThrow(/--llm-model/);
    expect(() => llmEndpointFrom({ llmUrl: 'ftp://x', llmModel: 'm' }, {})).toThrow(/http/);
    expect(llmEndpointFrom({}, { QUIRE_LLM_URL: llmUrl, QUIRE_LLM_MODEL: 'env-model', QUIRE_LLM_API_KEY: 'k' })).toEqual({ url: llmUrl, model: 'env-model', apiKey: 'k' });
    const s = await testServer({ engine: { extractionLlm: llmEndpointFrom({ llmUrl, llmModel: 'served-model' }, {}) } });
    try {
      const fd = new FormData();
      fd.append('pdf_file', new Blob([await makePdf(INVOICE_WORDS)]), 'i.pdf');
      fd.append('schema_data', JSON.stringify(schema));
      fd.append('high_accuracy_mode', 'true');
      const created = await json(await fetch(`${s.url}/v2/extract`, { method: 'POST', body: fd, headers: auth(KEYS.main) }));
      const done = await pollUntil(`${s.url}/extract/${created.job_id}`, auth(KEYS.main), (b) => ['completed', 'review', 'failed'].includes(b.status), 120_000);
      expect(requests.at(-1)!.model).toBe('served-model');
      expect(done.result.buyer.value).toBe('Contoso Pharmacy Inc');
    } finally {
      await s.stop();
    }
  }, 150_000);
});
