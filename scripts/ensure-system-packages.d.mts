// Types of ensure-system-packages.mjs for the TypeScript that imports it (the recorder's synthetic cameras).
/** Where PostgreSQL's server programs live (Debian: /usr/lib/postgresql/<major>/bin), newest first. */
export function postgresBinDir(): string | undefined;
/** What the recorder's synthetic cameras need: ffmpeg to encode them and GStreamer's RTSP server to serve them. */
export const RTSP_CAMERA_PACKAGES: string[];
/** Installs with apt-get those of these Debian packages that are missing. */
export function ensureSystemPackages(names?: string[]): void;
