/**
 * The extraction language-model endpoint of `quire serve` (off by default): `--llm-url` and
 * `--llm-model`, else the QUIRE_LLM_URL and QUIRE_LLM_MODEL environment variables; the key only
 * from QUIRE_LLM_API_KEY (a flag would show it in the process list). Checked once at start so a
 * typo fails the start, not every extraction.
 */
import type { LlmEndpoint } from '../model/llm-endpoint.js';

export interface LlmSettings {
  llmUrl?: string;
  llmModel?: string;
}

export function llmEndpointFrom(flags: LlmSettings, env: NodeJS.ProcessEnv = process.env): LlmEndpoint | null {
  const url = flags.llmUrl ?? env.QUIRE_LLM_URL;
  const model = flags.llmModel ?? env.QUIRE_LLM_MODEL;
  if (!url && !model) return null;
  if (!url) throw new Error('--llm-model (QUIRE_LLM_MODEL) needs --llm-url (QUIRE_LLM_URL): the base URL of an OpenAI-compatible endpoint, e.g. http://llm.local:8000/v1');
  if (!model) throw new Error('--llm-url (QUIRE_LLM_URL) needs --llm-model (QUIRE_LLM_MODEL): the model name the endpoint serves');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`--llm-url: not a URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`--llm-url: must be http(s), not ${parsed.protocol}`);
  return { url, model, ...(env.QUIRE_LLM_API_KEY ? { apiKey: env.QUIRE_LLM_API_KEY } : {}) };
}
