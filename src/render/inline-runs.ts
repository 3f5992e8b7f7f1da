/**
 * Formatted runs (DocItem.runs) → markdown and HTML. Markdown says bold `**`, italic `*`,
 * strikethrough `~~` (GFM) and links; it has no underline, so underline shows only in HTML
 * (`<u>`). Emphasis markers hug the words (`**bold** next`, never `** bold **`, which
 * markdown would not read as emphasis), so a run's edge spaces go outside its markers.
 * A checkbox glyph inside text renders `[x]`/`[ ]` in markdown (docling's convention).
 */
import type { InlineRun } from '../model/quire-document.js';
import { escapeHtml } from './escape.js';

function split(s: string): [string, string, string] {
  const core = s.trim();
  if (!core) return [s, '', ''];
  const lead = s.slice(0, s.length - s.trimStart().length);
  return [lead, core, s.slice(lead.length + core.length)];
}

function runMarkdown(r: InlineRun, escape: (s: string) => string): string {
  if (r.checkbox !== undefined) return r.checkbox ? '[x]' : '[ ]';
  const [lead, core, trail] = split(r.text);
  if (!core) return lead;
  let md = escape(core);
  if (r.strike) md = `~~${md}~~`;
  if (r.bold && r.italic) md = `***${md}***`;
  else if (r.bold) md = `**${md}**`;
  else if (r.italic) md = `*${md}*`;
  return lead + md + trail;
}

/** Runs grouped by link target, in order. */
function byLink(runs: readonly InlineRun[]): Array<{ href?: string; runs: InlineRun[] }> {
  const out: Array<{ href?: string; runs: InlineRun[] }> = [];
  for (const r of runs) {
    const last = out[out.length - 1];
    if (last && last.href === r.href) last.runs.push(r);
    else out.push({ href: r.href, runs: [r] });
  }
  return out;
}

/** Markdown of the runs; `escape` escapes markdown specials of plain text. */
export function runsMarkdown(runs: readonly InlineRun[], escape: (s: string) => string): string {
  return byLink(runs)
    .map((g) => {
      const md = g.runs.map((r) => runMarkdown(r, escape)).join('');
      if (!g.href || /[\s()]/.test(g.href)) return md;
      const [lead, core, trail] = split(md);
      return core ? `${lead}[${core}](${g.href})${trail}` : md;
    })
    .join('');
}

function runHtml(r: InlineRun): string {
  if (r.checkbox !== undefined) return `<input type="checkbox" disabled${r.checkbox ? ' checked' : ''}>`;
  let html = escapeHtml(r.text);
  if (!r.text.trim()) return html;
  if (r.underline) html = `<u>${html}</u>`;
  if (r.strike) html = `<s>${html}</s>`;
  if (r.italic) html = `<em>${html}</em>`;
  if (r.bold) html = `<strong>${html}</strong>`;
  return html;
}

/** HTML of the runs (inline content, no enclosing block). */
export function runsHtml(runs: readonly InlineRun[]): string {
  return byLink(runs)
    .map((g) => {
      const html = g.runs.map(runHtml).join('');
      return g.href ? `<a href="${escapeHtml(g.href)}">${html}</a>` : html;
    })
    .join('');
}

/** A cell's runs cut into its paragraphs (at '\n'), links dropped: docling's cells show link text. */
function cellLines(runs: readonly InlineRun[]): InlineRun[][] {
  const lines: InlineRun[][] = [[]];
  for (const r of runs) {
    const pieces = r.checkbox === undefined ? r.text.split('\n') : [r.text];
    pieces.forEach((t, i) => {
      if (i > 0) lines.push([]);
      if (t) lines[lines.length - 1]!.push({ ...r, text: t, href: undefined });
    });
  }
  return lines;
}

/**
 * A table cell's runs (TableCell.runs) as markdown, one string per paragraph: formatting
 * inline, a paragraph that opens with a checkbox control as a task item (`- [x] Coffee`),
 * links as their text (docling's rich cells; a cell of links would otherwise be mostly URLs).
 */
export function cellRunsMarkdown(runs: readonly InlineRun[], escape: (s: string) => string): string[] {
  return cellLines(runs)
    .map((line) => {
      if (line[0]?.checkbox === undefined) return runsMarkdown(line, escape).trim();
      const rest = runsMarkdown(line.slice(1), escape).trim();
      return `- ${line[0].checkbox ? '[x]' : '[ ]'}${rest ? ` ${rest}` : ''}`;
    })
    .filter(Boolean);
}

/** A table cell's runs as HTML: its paragraphs separated by `<br>`, checkboxes as disabled inputs. */
export function cellRunsHtml(runs: readonly InlineRun[]): string {
  return cellLines(runs)
    .map((line) => runsHtml(line).trim())
    .filter(Boolean)
    .join('<br>');
}
