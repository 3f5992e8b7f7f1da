/**
 * Environment read by native libraries that pool workers load. It must be set on the main
 * thread: a worker's `process.env` is a private copy, so what a worker assigns there never
 * reaches the `getenv` of native code, while the main thread's assignments do (setenv).
 *
 * - ORT_DISABLE_TELEMETRY=1: onnxruntime-node 1.30 for Linux records session and device
 *   events (CPU model, OS, memory, model file name) in a SQLite database under
 *   `~/.cache/Microsoft/DeveloperTools/.onnxruntime`, with fsyncs at each session creation,
 *   and a process that keeps a session a minute or so starts resolving
 *   mobile.events.data.microsoft.com to upload them. Quire never uses the network on its
 *   own; this switch stops both. A value the user set explicitly is kept.
 */
const NATIVE_ENV: Record<string, string> = {
  ORT_DISABLE_TELEMETRY: '1',
};

let applied = false;

export function applyNativeEnv(): void {
  if (applied) return;
  applied = true;
  for (const [name, value] of Object.entries(NATIVE_ENV)) process.env[name] ??= value;
}
