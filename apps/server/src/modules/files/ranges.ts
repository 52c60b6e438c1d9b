/** What a Range header asks of an object of this size (RFC 9110 §14): one range, or the whole. */
export type RangeAnswer = { status: 200 } | { status: 206; start: number; end: number } | { status: 416 };

export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { status: 200 };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: answering the whole is allowed and what most servers do.
  if (!match || (match[1] === '' && match[2] === '')) return { status: 200 };
  const [, from = '', to = ''] = match;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return { status: 416 };
    return { status: 206, start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || start > end) return { status: 416 };
  return { status: 206, start, end };
}
