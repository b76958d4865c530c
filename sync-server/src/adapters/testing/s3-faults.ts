// An imitation of the S3 faults s3rver never produces, written from Amazon's documentation
// (Amazon S3 API Reference, "Error responses" and "ErrorResponses / List of error codes"): it sits in
// front of a real s3rver and, when told, answers the next requests itself with a documented error
// instead of passing them on:
//   SlowDown            503  "Please reduce your request rate." (the SDK retries it, with backoff)
//   ServiceUnavailable  503  "Service is unable to handle request."
//   AccessDenied        403  "Access Denied"
//   NotImplemented      501  "A header you provided implies functionality that is not implemented."
//                            (what MinIO answers GetBucketCors with: it has no bucket CORS API)
// The body is S3's XML error document (Code, Message, Resource, RequestId).
// s3rver checks a presigned URL's expiry but not its SigV4 signature; given the secret, the imitation
// checks it as "Authenticating Requests: Using Query Parameters (AWS Signature Version 4)" describes
// (canonical request, string to sign, HMAC key chain) and answers 403 SignatureDoesNotMatch.
// Multipart uploads go through s3-multipart-imitation.ts first: s3rver has no ListParts, no
// AbortMultipartUpload, no ListMultipartUploads, and answers neither NoSuchUpload nor EntityTooSmall.
// Every other request, the Host header kept (signatures cover it), goes to s3rver unchanged.
import { createHash, createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MultipartImitation, type Forward } from './s3-multipart-imitation.ts';

export interface S3Fault {
  status: number;
  code: string;
  message: string;
}

export const FAULTS = {
  slowDown: { status: 503, code: 'SlowDown', message: 'Please reduce your request rate.' },
  serviceUnavailable: { status: 503, code: 'ServiceUnavailable', message: 'Service is unable to handle request.' },
  accessDenied: { status: 403, code: 'AccessDenied', message: 'Access Denied' },
  notImplemented: { status: 501, code: 'NotImplemented', message: 'A header you provided implies functionality that is not implemented.' },
} as const satisfies Record<string, S3Fault>;

export interface FaultRule {
  fault: S3Fault;
  /** How many matching requests get it (then they pass again). */
  times: number;
  /** Which requests: e.g. `(req) => req.method === 'PUT'`. All when absent. */
  when?: (req: { method: string; url: string }) => boolean;
}

export interface S3FaultProxy {
  endpoint: string;
  /** Every request seen, `METHOD /path?query`. */
  seen: string[];
  inject(rule: FaultRule): void;
  /** The multipart uploads it keeps track of (begun, neither aborted nor completed). */
  multipart: MultipartImitation;
  close(): Promise<void>;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (v: string) => encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Whether a presigned (query) SigV4 request carries the signature its secret gives; true when not presigned. */
export function presignedSignatureMatches(method: string, url: string, headers: IncomingMessage['headers'], secret: string): boolean {
  const parsed = new URL(url, 'http://imitation.invalid');
  const q = parsed.searchParams;
  const given = q.get('X-Amz-Signature');
  if (!given) return true;
  const [, date, region, service] = (q.get('X-Amz-Credential') ?? '').split('/');
  const amzDate = q.get('X-Amz-Date') ?? '';
  const signed = (q.get('X-Amz-SignedHeaders') ?? '').split(';');
  const query = [...q.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = signed.map((h) => `${h}:${String(headers[h] ?? '').trim()}\n`).join('');
  const canonical = [method, parsed.pathname, query, canonicalHeaders, signed.join(';'), 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date ?? ''), region ?? ''), service ?? ''), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex') === given;
}

const SIGNATURE_MISMATCH: S3Fault = {
  status: 403,
  code: 'SignatureDoesNotMatch',
  message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
};

export interface S3FaultOptions {
  /** Check presigned URLs' SigV4 signatures with this secret. */
  secret?: string;
  /** Act as a store that ignores Range (HTTP allows it): GETs are forwarded without it and answer 200. */
  ignoreRange?: boolean;
  /** The time a multipart upload is noted as begun (Initiated); the real clock by default. */
  now?: () => Date;
}

export async function startS3FaultProxy(upstream: string, options: S3FaultOptions = {}): Promise<S3FaultProxy> {
  const target = new URL(upstream);
  const rules: FaultRule[] = [];
  const seen: string[] = [];
  const multipart = new MultipartImitation(options.now);
  const server = createServer((req, res) => {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    seen.push(`${method} ${url}`);
    const rule = rules.find((r) => r.times > 0 && (!r.when || r.when({ method, url })));
    if (rule) rule.times--;
    // A CORS preflight carries the URL but is never authenticated (it has no signature of its own).
    const forged =
      options.secret !== undefined && method !== 'OPTIONS' && !presignedSignatureMatches(method, url, req.headers, options.secret);
    const fault = rule?.fault ?? (forged ? SIGNATURE_MISMATCH : undefined);
    if (fault) {
      req.resume();
      const { status, code, message } = fault;
      // S3 answers an error to a browser with the CORS headers of the rule its origin matches.
      const origin = req.headers.origin;
      const cors = origin ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': 'ETag' } : {};
      res.writeHead(status, { 'Content-Type': 'application/xml', 'x-amz-request-id': 'IMITATION', ...cors });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>` +
          `<Resource>${url.split('?')[0]}</Resource><RequestId>IMITATION</RequestId></Error>`,
      );
      return;
    }
    const headers = { ...req.headers };
    if (options.ignoreRange) delete headers.range;
    const buffered: Forward = (body) =>
      new Promise((resolve, reject) => {
        let sent = 0;
        const sentHeaders = { ...headers };
        if (body) {
          delete sentHeaders['transfer-encoding'];
          sentHeaders['content-length'] = String(body.length);
        }
        const forward = httpRequest({ host: target.hostname, port: target.port, method, path: url, headers: sentHeaders }, (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks), sent }));
          answer.on('error', reject);
        });
        forward.on('error', reject);
        if (body) forward.end(body);
        else {
          req.on('data', (chunk: Buffer) => (sent += chunk.length));
          req.pipe(forward);
        }
      });
    multipart
      .handle(req, res, buffered)
      .then((handled) => {
        if (handled) return;
        const forward = httpRequest({ host: target.hostname, port: target.port, method, path: url, headers }, (answer: IncomingMessage) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        forward.on('error', () => res.destroy());
        req.pipe(forward);
      })
      .catch(() => res.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    seen,
    inject: (rule) => rules.push(rule),
    multipart,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
