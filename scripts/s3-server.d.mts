// Types of s3-server.mjs for the TypeScript that imports it (adapters/testing/s3-server.ts).
export const TEST_BUCKET: 'courtreplay-clips';
/** s3rver's own account; it accepts any key, these are its documented defaults. */
export const S3RVER_KEYS: { readonly S3_ACCESS_KEY_ID: 'S3RVER'; readonly S3_SECRET_ACCESS_KEY: 'S3RVER' };

/** docs/s3-storage.md's rule: the kiosks' origin may PUT with a Content-Type and read the ETag. */
export function corsXml(origin: string, expose?: string[]): string;

export interface S3Server {
  endpoint: string;
  /** The STORAGE=s3 environment for this server (path style, as local servers need). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** s3rver on loopback with the bucket TEST_BUCKET (and its CORS rule, unless `cors` is null). */
export function startS3Server(options?: { cors?: string | null }): Promise<S3Server>;
