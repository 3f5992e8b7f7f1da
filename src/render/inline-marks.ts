/**
 * Links and strikethrough inside a segment's html and markdown. The marks live on the
 * segment's words (OCR entries: `hyperlink`, `strikethrough`), set only when the job asks
 * (attach_hyperlinks, preserve_strikethrough); this finds each marked word in the text
 * being rendered, in order, and wraps the runs of marked words: `<a href>` / `[text](url)`,
 * `<del>` / `~~text~~`. A word the text no longer holds verbatim (a hyphen joined across a
 * line break) is left unmarked rather than guessed. Without marks the caller's plain
 * rendering is used unchanged, so default outputs are byte for byte as before.
 */
import type { OcrEntry } from '../model/document.js';
import { escapeHtml } from './escape.js';

export interface MarkedText {
  html: string;
  markdown: string;
}

interface Span {
  start: number;
  end: number;
  href?: string;
  strike?: boolean;
}

/** The text with its marked words wrapped, or null when no word of `words` is marked. */
export function markInline(text: string, words: readonly OcrEntry[] | undefined): MarkedText | null {
  if (!words?.some((w) => w.hyperlink || w.strikethrough)) return null;
  const spans: Span[] = [];
  let cursor = 0;
  for (const w of words) {
    const t = w.text.replace(/\s+/g, ' ').trim();
    if (!t) continue;
    const at = text.indexOf(t, cursor);
    if (at < 0) continue;
    cursor = at + t.length;
    if (!w.hyperlink && !w.strikethrough) continue;
    const last = spans[spans.length - 1];
    // Marked words separated only by spaces, with the same marks, are one span.
    if (last && last.href === w.hyperlink && last.strike === (w.strikethrough || undefined) && /^[^\S\n]*$/.test(text.slice(last.end, at))) last.end = cursor;
    else spans.push({ start: at, end: cursor, ...(w.hyperlink ? { href: w.hyperlink } : {}), ...(w.strikethrough ? { strike: true } : {}) });
  }
  if (spans.length === 0) return null;
  let html = '';
  let markdown = '';
  let at = 0;
  for (const s of spans) {
    html += escapeHtml(text.slice(at, s.start));
    markdown += text.slice(at, s.start);
    const inner = text.slice(s.start, s.end);
    let h = escapeHtml(inner);
    let m = inner;
    if (s.strike) {
      h = `<del>${h}</del>`;
      m = `~~${m}~~`;
    }
    if (s.href) {
      h = `<a href="${escapeHtml(s.href)}">${h}</a>`;
      m = `[${m.replace(/[[\]]/g, '\\$&')}](${markdownUrl(s.href)})`;
    }
    html += h;
    markdown += m;
    at = s.end;
  }
  html += escapeHtml(text.slice(at));
  markdown += text.slice(at);
  return { html, markdown };
}

/** A URL that ends where markdown expects it to: spaces and parentheses percent-encoded. */
function markdownUrl(href: string): string {
  return href.replace(/ /g, '%20').replace(/\(/g, '%28').replace(/\)/g, '%29');
}
