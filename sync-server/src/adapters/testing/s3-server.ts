// A real S3-compatible server for tests (s3rver on loopback, one bucket with docs/s3-storage.md's
// CORS rule). It lives in scripts/s3-server.mjs, so the deployment check starts the same one.
export { corsXml, S3RVER_KEYS, startS3Server, TEST_BUCKET, type S3Server } from '../../../../scripts/s3-server.mjs';
