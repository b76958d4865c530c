// Spec section 5: uploaded file names keep word characters, spaces, dots and hyphens; spaces become
// hyphens; at most 50 characters; default 'video-{n}'. On disk a name must also never be a dot-name
// ('.', '..', '.hidden'), so leading dots go too.
export function sanitizeStoredName(name: string, n = 1): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[^\w\s.-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/^\.+/, '')
    .slice(0, 50);
  return cleaned === '' || /^[.-]*$/.test(cleaned) ? `video-${n}` : cleaned;
}

/** The n-th candidate for a taken name: `name.mp4` (n = 1), `name-2.mp4`, `name-3.mp4`, ... */
export function numberedName(name: string, n: number): string {
  if (n <= 1) return name;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  return `${stem}-${n}${ext}`;
}

/** `name.mp4`, `name-2.mp4`, `name-3.mp4`, ... : the first that `taken` does not hold. */
export function uniqueName(name: string, taken: (candidate: string) => boolean): string {
  for (let n = 1; ; n++) {
    const candidate = numberedName(name, n);
    if (!taken(candidate)) return candidate;
  }
}

const VIDEO_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
};

/** A stored clip's media type, from its name's extension. */
export function contentTypeOf(name: string): string {
  return VIDEO_TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}
