/**
 * pdf.js's legacy build bundles core-js, which replaces a few built-ins for the whole thread
 * when it judges the engine's own non-conforming. On Node 20 it replaces Array.prototype.push
 * (V8 11 does not throw on a frozen length, a case nothing here relies on) with a JavaScript
 * loop that every push in the thread then pays for, ours included, and wraps JSON.stringify,
 * JSON.parse and Function.prototype.toString. Loading pdf.js through `withNativeBuiltins` puts
 * the engine's own functions back; the polyfills that only add missing methods stay.
 */
const KEPT: Array<[object, PropertyKey]> = [
  [Array.prototype, 'push'],
  [JSON, 'stringify'],
  [JSON, 'parse'],
  [Function.prototype, 'toString'],
];

export async function withNativeBuiltins<T>(load: () => Promise<T>): Promise<T> {
  const saved = KEPT.map(([target, key]) => [target, key, Object.getOwnPropertyDescriptor(target, key)] as const);
  try {
    return await load();
  } finally {
    for (const [target, key, descriptor] of saved) {
      if (descriptor && Object.getOwnPropertyDescriptor(target, key)?.value !== descriptor.value) Object.defineProperty(target, key, descriptor);
    }
  }
}
