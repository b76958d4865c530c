// A real S3-compatible server for the tests and the deployment check: the `s3rver` package on
// loopback (port 0), with one bucket whose CORS rule is the one docs/s3-storage.md gives operators.
// It stores objects on disk in a temporary folder, speaks S3's REST and XML, honours Range and
// ListObjectsV2, and checks no signature (the imitation in sync-server/src/adapters/testing/s3-faults.ts
// does). The one copy: the TypeScript tests import it through adapters/testing/s3-server.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export const TEST_BUCKET = 'courtreplay-clips';
/** s3rver's own account; it accepts any key, these are its documented defaults. */
export const S3RVER_KEYS = Object.freeze({ S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' });

/**
 * docs/s3-storage.md's rule: the kiosks' origin may PUT with a Content-Type and read the ETag.
 * @param {string} origin
 * @param {string[]} [expose]
 */
export function corsXml(origin, expose = ['ETag']) {
  return `<CORSConfiguration><CORSRule>
  <AllowedOrigin>${origin}</AllowedOrigin>
  <AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
  <AllowedHeader>*</AllowedHeader>
  ${expose.map((h) => `<ExposeHeader>${h}</ExposeHeader>`).join('')}
  <MaxAgeSeconds>3600</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`;
}

/**
 * Starts s3rver with the bucket TEST_BUCKET made (and its CORS rule, unless `cors` is null).
 * Resolves to its endpoint, the STORAGE=s3 environment for our server (path style, as local
 * servers need) and a close function that also deletes its objects.
 * @param {{ cors?: string | null }} [options]
 */
export async function startS3Server(options = {}) {
  const directory = mkdtempSync(join(tmpdir(), 'courtreplay-s3-'));
  const cors = options.cors === undefined ? corsXml('https://replay.example') : options.cors;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET, configs: cors ? [cors] : [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: { STORAGE: 's3', S3_BUCKET: TEST_BUCKET, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', S3_REGION: 'auto', ...S3RVER_KEYS },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
