/**
 * The optional language-model pass over a real socket: a local OpenAI-compatible endpoint
 * (node:http, speaking the chat-completions protocol) answers for the uncertain fields; what
 * is under test is our side: the request, and the grounding of the answers in the document's
 * words (an answer the words spell is cited, one they do not gets grounding 0 and no citation).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, setExtractionLlm, type Engine } from '../../src/index.js';
import type { ExtractJobView } from '../../src/operations/extract/views.js';
import { INVOICE_WORDS, makePdf } from './make-invoice.js';

let server: http.Server;
let engine: Engine;
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
  setExtractionLlm({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, model: 'local-test' });
  engine = createEngine({ workers: 1 });
});
afterAll(async () => {
  setExtractionLlm(null);
  await engine.close();
  server.close();
});

describe('language model pass (high_accuracy_mode)', () => {
  it('asks for the uncertain fields only and grounds the answers', async () => {
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
});
