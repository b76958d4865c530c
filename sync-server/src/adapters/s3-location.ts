// Where a bucket's objects live on the web, worked out from the S3_* settings the way the AWS SDK
// addresses them: the origin the kiosk's browser PUTs to (the Content-Security-Policy allows it),
// and the object key a presigned URL names (upload status reads it back).
export interface BucketAddress {
  bucket: string;
  region: string;
  /** S3_ENDPOINT: empty for Amazon S3. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
}

/** Bucket names with dots cannot be a host under TLS: the SDK addresses them by path. */
function byPath(a: BucketAddress): boolean {
  return a.forcePathStyle || a.bucket.includes('.');
}

function endpointOf(a: BucketAddress): URL {
  return new URL(a.endpoint ?? `https://s3.${a.region}.amazonaws.com`);
}

/** The origin of the bucket's presigned URLs (what connect-src must allow). */
export function bucketOrigin(a: BucketAddress): string {
  const endpoint = endpointOf(a);
  if (byPath(a)) return endpoint.origin;
  return `${endpoint.protocol}//${a.bucket}.${endpoint.host}`;
}

/** The object key a URL of this bucket names, or undefined when the URL is not the bucket's. */
export function keyOfUrl(a: BucketAddress, url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.origin !== bucketOrigin(a)) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return undefined;
  }
  const base = endpointOf(a).pathname.replace(/\/+$/, '');
  const bucketPath = byPath(a) ? `${base}/${a.bucket}/` : `${base}/`;
  return path.startsWith(bucketPath) ? path.slice(bucketPath.length) : undefined;
}

/** The URL of one object of this bucket (unsigned: it grants nothing), the inverse of keyOfUrl. */
export function objectUrl(a: BucketAddress, key: string): string {
  const base = endpointOf(a).pathname.replace(/\/+$/, '');
  const path = key.split('/').map(encodeURIComponent).join('/');
  return `${bucketOrigin(a)}${base}${byPath(a) ? `/${a.bucket}` : ''}/${path}`;
}
