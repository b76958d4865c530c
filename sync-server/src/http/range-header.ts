// The one reading of an HTTP Range header (RFC 9110), for every file this server streams: the
// share page's and the phone page's clips.

/**
 * One `bytes=a-b`, `bytes=a-` or `bytes=-n` range of a file of `size` bytes, as its inclusive first
 * and last byte (the end clamped to the file). Undefined for no header, another unit or several
 * ranges: the whole file is sent. 'unsatisfiable' (416) for a range that starts past the end (the
 * last 0 bytes, any range of an empty file) or ends before it starts.
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | undefined | 'unsatisfiable' {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  const [start, end] =
    m[1] === '' ? [Math.max(0, size - Number(m[2])), size - 1] : [Number(m[1]), m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)];
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
