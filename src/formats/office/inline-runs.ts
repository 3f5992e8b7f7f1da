/**
 * Loaders collect a paragraph's text as raw runs (one per stretch of direct formatting),
 * then clean the paragraph's text (tabs to spaces, spaces before line breaks dropped,
 * trimmed). `alignRuns` applies the same cleaning to the runs, character by character, so
 * the runs kept on a DocItem always join to exactly its `text` — the model's promise that
 * a serializer may render either. Plain paragraphs (no formatting, link or checkbox) keep
 * no runs: nothing to say beyond `text`, and nothing to carry through the job.
 */
import type { InlineRun } from '../../model/quire-document.js';

type Style = Omit<InlineRun, 'text'>;

const styleKey = (r: Style) => `${r.bold ? 'b' : ''}${r.italic ? 'i' : ''}${r.underline ? 'u' : ''}${r.strike ? 's' : ''}${r.checkbox === undefined ? '' : r.checkbox ? 'X' : 'O'}|${r.href ?? ''}`;

function styleOf(r: InlineRun): Style {
  const { text: _text, ...style } = r;
  return style;
}

/**
 * `raw` cleaned as `clean` cleans text; undefined when no run is formatted or the
 * alignment fails (`text` is then the only truth).
 */
export function alignRuns(raw: readonly InlineRun[], text: string): InlineRun[] | undefined {
  if (!raw.some((r) => styleKey(r) !== '|')) return undefined;
  let joined = '';
  const owner: number[] = [];
  raw.forEach((r, i) => {
    joined += r.text.replace(/\t/g, ' ');
    for (let k = 0; k < r.text.length; k++) owner.push(i);
  });
  const keep = Array<boolean>(joined.length).fill(true);
  for (const m of joined.matchAll(/[ \u00a0]+\n/g)) for (let k = m.index!; k < m.index! + m[0].length - 1; k++) keep[k] = false;
  let chars = '';
  const owners: number[] = [];
  for (let k = 0; k < joined.length; k++) {
    if (!keep[k]) continue;
    chars += joined[k];
    owners.push(owner[k]!);
  }
  const lead = chars.length - chars.trimStart().length;
  const end = chars.trimEnd().length;
  const out: InlineRun[] = [];
  for (let k = lead; k < end; k++) {
    const style = styleOf(raw[owners[k]!]!);
    const last = out[out.length - 1];
    if (last && styleKey(last) === styleKey(style)) last.text += chars[k];
    else out.push({ text: chars[k]!, ...style });
  }
  if (out.map((r) => r.text).join('') !== text || !out.some((r) => styleKey(r) !== '|')) return undefined;
  return out;
}
