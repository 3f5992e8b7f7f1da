/**
 * pdf.js's legacy build bundles core-js, which replaces a few built-ins for the whole thread
 * when it judges the engine's own non-conforming. On Node 20 it replaces Array.prototype.push
 * (V8 11 does not throw on a frozen length, a case nothing here relies on) with a JavaScript
 * loop that every push in the thread then pays for, ours included, and wraps JSON.stringify,
 * JSON.parse and Function.prototype.toString. Loading pdf.js through `withNativeBuiltins` puts
 * the engine's own functions back; the polyfills that only add missing methods stay.
 *
 * Both pdf.js bundles also test `Response.prototype.bytes` when they load, and touching
 * `Response` makes Node load its fetch implementation (undici): 28 ms of each worker's start
 * (loadPdfJs 84 → 56 ms, `node scratch/loadtime2.mjs`). pdf.js only calls `bytes()` on
 * responses of fetch(), which Quire never has it make (documents arrive as bytes; fonts,
 * CMaps and WASM are read with fs), so during the load `Response` is a stand-in that passes
 * the test, and the real one is put back after.
 */
const KEPT: Array<[object, PropertyKey]> = [
  [Array.prototype, 'push'],
  [JSON, 'stringify'],
  [JSON, 'parse'],
  [Function.prototype, 'toString'],
];

const RESPONSE_STAND_IN = { prototype: { bytes: () => undefined } };

export async function withNativeBuiltins<T>(load: () => Promise<T>): Promise<T> {
  const saved = KEPT.map(([target, key]) => [target, key, Object.getOwnPropertyDescriptor(target, key)] as const);
  const response = Object.getOwnPropertyDescriptor(globalThis, 'Response');
  if (response?.configurable) Object.defineProperty(globalThis, 'Response', { value: RESPONSE_STAND_IN, configurable: true, writable: true });
  try {
    return await load();
  } finally {
    if (response?.configurable) Object.defineProperty(globalThis, 'Response', response);
    for (const [target, key, descriptor] of saved) {
      if (descriptor && Object.getOwnPropertyDescriptor(target, key)?.value !== descriptor.value) Object.defineProperty(target, key, descriptor);
    }
  }
}
