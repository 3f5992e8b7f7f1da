/**
 * A KeyValuePair's plain text (the segment's `content`): "key: value", or the key alone
 * when the field is empty. Checkbox values are ☒ / ☐. The html and markdown, which keep
 * key and value apart, are render/segments.ts's.
 */
export function keyValueText(kv: { key: string; value: string }): string {
  if (!kv.value) return kv.key;
  if (!kv.key) return kv.value;
  return `${kv.key}: ${kv.value}`;
}
