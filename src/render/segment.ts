/**
 * Block → the text representations of a segment: `content` (plain text), `html`,
 * `markdown`. Tables delegate to the table renderer.
 */
import type { SegmentType } from '../model/document.js';
import type { Block } from '../model/layout.js';
import { escapeHtml } from './escape.js';
import { tableHtml, tableMarkdown, tableText } from './table.js';

export interface Rendered {
  content: string;
  html: string;
  markdown: string;
}

/** A letter then a hyphen or soft hyphen at the end (the last two code points of three units). */
const HYPHEN = /\p{L}[-\u00ad]$/u;

/**
 * Join block lines into running text. A line ending in a hyphen after a letter, followed
 * by a line starting in lower case, is a word broken across lines: it is rejoined.
 */
export function blockContent(b: Block): string {
  let out = '';
  for (const l of b.lines) {
    const t = l.text;
    if (!out) out = t;
    // Only the text's last two characters are tested: an end-anchored regex on the growing
    // text is tried at every position of it (quadratic in the block's length).
    else if (HYPHEN.test(out.slice(-3)) && /^\p{Ll}/u.test(t)) out = out.slice(0, -1) + t;
    else out += '\n' + t;
  }
  return out.trim();
}

function paragraph(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ');
}

const LIST_MARKER = /^\s*([•◦▪▫●○■□►▸‣⁃∙·*\-–—])\s+/;

export function renderBlock(b: Block, type: SegmentType, imageUrl?: string): Rendered {
  if (type === 'Table' && b.table) {
    return { content: tableText(b.table), html: tableHtml(b.table), markdown: tableMarkdown(b.table) };
  }
  const content = blockContent(b);
  const flat = paragraph(content);
  const esc = escapeHtml(flat);
  switch (type) {
    case 'Title':
      return { content, html: `<h1>${esc}</h1>`, markdown: `# ${flat}` };
    case 'SectionHeader': {
      const level = Math.min(6, (b.level ?? 1) + 1);
      return { content, html: `<h${level}>${esc}</h${level}>`, markdown: `${'#'.repeat(level)} ${flat}` };
    }
    case 'ListItem': {
      const item = flat.replace(LIST_MARKER, '');
      return { content, html: `<ul><li>${escapeHtml(item)}</li></ul>`, markdown: `- ${item}` };
    }
    case 'Caption':
      return { content, html: `<figcaption>${esc}</figcaption>`, markdown: `*${flat}*` };
    case 'Footnote':
      return { content, html: `<p class="footnote">${esc}</p>`, markdown: flat };
    case 'PageHeader':
      return { content, html: `<header>${esc}</header>`, markdown: flat };
    case 'PageFooter':
      return { content, html: `<footer>${esc}</footer>`, markdown: flat };
    case 'Formula':
      return { content, html: `<div class="formula">${escapeHtml(content)}</div>`, markdown: `$$\n${content}\n$$` };
    case 'Picture': {
      const alt = escapeHtml(flat);
      const src = imageUrl ? ` src="${escapeHtml(imageUrl)}"` : '';
      return { content, html: `<figure><img${src} alt="${alt}"></figure>`, markdown: `![${flat.replace(/[[\]]/g, '')}](${imageUrl ?? ''})` };
    }
    case 'Page': {
      const paras = content.split(/\n/).filter(Boolean);
      return { content, html: paras.map((p) => `<p>${escapeHtml(p)}</p>`).join(''), markdown: paras.join('\n') };
    }
    default:
      return { content, html: `<p>${esc}</p>`, markdown: flat };
  }
}
