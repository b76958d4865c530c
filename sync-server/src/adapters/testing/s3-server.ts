// A real S3-compatible server for tests (s3rver on loopback, one bucket with docs/s3-storage.md's
// CORS rule). It lives in scripts/s3-server.mjs, so the deployment check starts the same one.
import { S3RVER_KEYS, TEST_BUCKET } from '../../../../scripts/s3-server.mjs';

export { corsXml, S3RVER_KEYS, startS3Server, TEST_BUCKET, type S3Server } from '../../../../scripts/s3-server.mjs';

/** What every test's S3Storage on this server shares: its bucket, path-style addresses, its keys, no quota. */
export const TEST_S3_OPTIONS = {
  bucket: TEST_BUCKET,
  region: 'auto',
  forcePathStyle: true,
  accessKeyId: S3RVER_KEYS.S3_ACCESS_KEY_ID,
  secretAccessKey: S3RVER_KEYS.S3_SECRET_ACCESS_KEY,
  limitBytes: undefined,
} as const;
