/** Masked values: enough to recognise which value was meant, not enough to reuse it. */
export function maskValue(value: string, keepEnd = 4): string {
  const chars = [...value];
  const alnum = chars.filter((c) => /[\p{L}\p{N}]/u.test(c)).length;
  const keep = Math.min(keepEnd, Math.floor(alnum * 0.45));
  let seen = 0;
  return chars
    .map((c) => {
      if (!/[\p{L}\p{N}]/u.test(c)) return c;
      seen++;
      return seen > alnum - keep ? c : '*';
    })
    .join('');
}

export function maskEmail(value: string): string {
  const at = value.indexOf('@');
  if (at <= 0) return maskValue(value);
  return `${value[0]}***@${value.slice(at + 1)}`;
}

export function maskName(value: string): string {
  return value
    .split(/\s+/)
    .map((w) => (w ? `${w[0]}${'*'.repeat(Math.max(0, w.length - 1))}` : w))
    .join(' ');
}
