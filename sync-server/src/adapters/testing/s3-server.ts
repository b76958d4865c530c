// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- s3rver ships no types; the e2e project compiles this file too
/// <reference path="./s3rver.d.ts" />
// A real S3-compatible server for tests: the `s3rver` package on loopback (port 0), with one bucket
// whose CORS rule is the one docs/s3-storage.md gives operators. It stores objects on disk in a
// temporary folder, speaks S3's REST and XML, honours Range and ListObjectsV2, and checks no
// signature (the imitation in s3-imitation.ts does).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export const TEST_BUCKET = 'courtreplay-clips';
/** s3rver's own account; it accepts any key, these are its documented defaults. */
export const S3RVER_KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' } as const;

/** docs/s3-storage.md's rule: the kiosks' origin may PUT with a Content-Type and read the ETag. */
export function corsXml(origin: string, expose = ['ETag']): string {
  return `<CORSConfiguration><CORSRule>
  <AllowedOrigin>${origin}</AllowedOrigin>
  <AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
  <AllowedHeader>*</AllowedHeader>
  ${expose.map((h) => `<ExposeHeader>${h}</ExposeHeader>`).join('')}
  <MaxAgeSeconds>3600</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`;
}

export interface S3Server {
  endpoint: string;
  /** The STORAGE=s3 environment for this server (path style, as local servers need). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Server(options: { cors?: string | null } = {}): Promise<S3Server> {
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
