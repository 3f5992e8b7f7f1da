/** Escaping helpers shared by the HTML and markdown renderers. */
const HTML_SPECIAL = /[&<>"]/;

export function escapeHtml(s: string): string {
  // Most text needs no escaping; one test is cheaper than four replaces (runs per cell).
  if (!HTML_SPECIAL.test(s)) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Escape characters that would change meaning inside a markdown table cell. */
export function escapeMarkdownCell(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\s*\n\s*/g, '<br>');
}
