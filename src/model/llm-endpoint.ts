/**
 * A language-model server the user runs on their own network (an OpenAI-compatible
 * `POST {url}/chat/completions`), set in the engine's configuration (`EngineConfig.extractionLlm`)
 * and handed to extraction jobs through their run context. A type only, at the bottom floor,
 * because the job layer (configuration) and the extraction operation (its use) both name it.
 */
export interface LlmEndpoint {
  /** Base URL, e.g. http://llm.local:8000/v1 (the request goes to {url}/chat/completions). */
  url: string;
  model: string;
  apiKey?: string;
  /** Default 60 s. */
  timeoutMs?: number;
  /** Characters of document text sent (default 12,000). */
  maxChars?: number;
}
