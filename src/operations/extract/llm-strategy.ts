/**
 * Optional, off by default: a language model the user runs on their own network (an
 * OpenAI-compatible `POST {url}/chat/completions`) re-reads the fields the word-level engine
 * left uncertain, in the verification pass (`delta`, `high_accuracy_mode`). Its answers are
 * grounded back to the document's words (pipeline/citations: groundText): an answer the words
 * spell gets a citation; one they do not gets grounding 0, no citation and a low score.
 *
 * Configuration: `createEngine({ extractionLlm: { url, model, apiKey?, timeoutMs? } })` (the
 * run context carries it to the job), `quire serve --llm-url URL --llm-model NAME` or the
 * QUIRE_LLM_URL / QUIRE_LLM_MODEL / QUIRE_LLM_API_KEY environment variables. The old
 * process-wide `setExtractionLlm` stays as a deprecated fallback. Nothing is sent anywhere
 * unless one is set.
 */
import { groundText } from '../../pipeline/citations/cite.js';
import type { Outcome } from '../../pipeline/extract/extract-document.js';
import type { TokenizedDocument } from '../../pipeline/extract/tokens.js';
import { mainType, type Candidate, type FieldSchema } from '../../pipeline/extract/types.js';
import { parseAmount } from '../../pipeline/extract/values.js';
import type { LlmEndpoint } from '../../model/llm-endpoint.js';

export type { LlmEndpoint } from '../../model/llm-endpoint.js';

let endpoint: LlmEndpoint | null = null;

/**
 * @deprecated Set `extractionLlm` in the engine's configuration (`createEngine({ extractionLlm })`,
 * `quire serve --llm-url/--llm-model`). This process-wide setting applies only to engines
 * whose configuration names none.
 */
export function setExtractionLlm(e: LlmEndpoint | null): void {
  endpoint = e;
}

/** The endpoint a job uses: its engine's configuration, else the deprecated process-wide one. */
export function extractionLlm(configured?: LlmEndpoint | null): LlmEndpoint | null {
  return configured ?? endpoint;
}

function prompt(doc: TokenizedDocument, fields: [string, FieldSchema][], maxChars: number): string {
  const text = doc.lines.map((l) => l.text).join('\n').slice(0, maxChars);
  const list = fields.map(([k, s]) => `- ${k} (${mainType(s)}${s.format ? `, ${s.format}` : ''}): ${s.description ?? ''}`).join('\n');
  return `Extract these fields from the document. Answer with one JSON object whose keys are the field names; copy each value exactly as the document prints it; use null when the document does not hold it.\n\nFields:\n${list}\n\nDocument:\n${text}`;
}

/** The model's answers, by field (null where it gave none). Throws on transport errors. */
export async function askLlm(e: LlmEndpoint, doc: TokenizedDocument, fields: [string, FieldSchema][], signal?: AbortSignal): Promise<Record<string, unknown>> {
  const timeout = AbortSignal.timeout(e.timeoutMs ?? 60_000);
  const res = await fetch(`${e.url.replace(/\/$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(e.apiKey ? { authorization: `Bearer ${e.apiKey}` } : {}) },
    body: JSON.stringify({ model: e.model, temperature: 0, response_format: { type: 'json_object' }, messages: [{ role: 'user', content: prompt(doc, fields, e.maxChars ?? 12_000) }] }),
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  if (!res.ok) throw new Error(`language model endpoint answered HTTP ${res.status}`);
  const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
  const content = body.choices?.[0]?.message?.content ?? '';
  const json = /\{[\s\S]*\}/.exec(content)?.[0];
  if (!json) throw new Error('language model answer holds no JSON object');
  return JSON.parse(json) as Record<string, unknown>;
}

/** An answer as a candidate: grounded in the words (cited) or not (grounding 0, score 0.3). */
export function groundAnswer(doc: TokenizedDocument, schema: FieldSchema, answer: unknown): Candidate | null {
  if (answer === null || answer === undefined || answer === '' || typeof answer === 'object') return null;
  const t = mainType(schema);
  let value: string | number | boolean = answer as string | number | boolean;
  if ((t === 'number' || t === 'integer') && typeof answer === 'string') {
    const p = parseAmount(answer);
    if (!p) return null;
    value = p.value;
  }
  const text = String(answer);
  const found = groundText(doc, text) ?? (typeof value === 'number' ? groundText(doc, value.toFixed(2)) : null);
  if (!found) return { value, tokens: [], score: 0.3, via: 'llm-ungrounded' };
  return { value, tokens: found.tokens, score: 0.55 + 0.3 * found.exact, via: 'llm-grounded' };
}

/** Asks the model for the uncertain top-level scalar fields; keeps a grounded answer that scores higher. */
export async function llmReread(e: LlmEndpoint, doc: TokenizedDocument, schema: FieldSchema, outcomes: Record<string, Outcome>, keys: string[], signal?: AbortSignal): Promise<number> {
  const fields = keys.map((k) => [k, schema.properties![k]!] as [string, FieldSchema]);
  if (fields.length === 0) return 0;
  const answers = await askLlm(e, doc, fields, signal);
  let improved = 0;
  for (const [k, s] of fields) {
    const o = outcomes[k];
    const c = groundAnswer(doc, s, answers[k]);
    if (o?.kind === 'scalar' && c && c.score > (o.candidate?.score ?? 0)) {
      outcomes[k] = { kind: 'scalar', candidate: c };
      improved++;
    }
  }
  return improved;
}
