/**
 * A KeyValuePair segment's html and markdown, with key and value kept apart so a reader
 * (or the extract operation) never has to guess where the label ends:
 *   html      <dl><dt>key</dt><dd>value</dd></dl>
 *             a checkbox: <dd><input type="checkbox" disabled checked> ☒</dd> (☐ unchecked)
 *             an empty field: <dd></dd>
 *   markdown  **key**: value
 *             a checkbox: - [x] key   /   - [ ] key
 * (The spec names the KeyValuePair type but not its html or markdown.)
 */
import { escapeHtml } from './escape.js';

export interface KeyValue {
  key: string;
  value: string;
  checked?: boolean;
}

/** Markdown emphasis and link characters in a key or value, escaped. */
function md(s: string): string {
  return s.replace(/([\\*_[\]`])/g, '\\$1');
}

export function keyValueRendered(kv: KeyValue): { html: string; markdown: string } {
  const dt = `<dt>${escapeHtml(kv.key)}</dt>`;
  if (kv.checked !== undefined) {
    const box = `<input type="checkbox" disabled${kv.checked ? ' checked' : ''}>`;
    return { html: `<dl>${dt}<dd>${box} ${escapeHtml(kv.value)}</dd></dl>`, markdown: `- [${kv.checked ? 'x' : ' '}] ${md(kv.key)}` };
  }
  return { html: `<dl>${dt}<dd>${escapeHtml(kv.value)}</dd></dl>`, markdown: kv.value ? `**${md(kv.key)}**: ${md(kv.value)}` : `**${md(kv.key)}**:` };
}
