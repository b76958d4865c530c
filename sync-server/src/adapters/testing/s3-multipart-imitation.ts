// The multipart upload calls s3rver lacks or does not check, imitated from Amazon's documentation
// (Amazon S3 API Reference: CreateMultipartUpload, UploadPart, ListParts, CompleteMultipartUpload,
// AbortMultipartUpload, ListMultipartUploads, and "List of error codes"). The fault proxy
// (s3-faults.ts) hands it every request first:
// - CreateMultipartUpload and UploadPart go on to s3rver (which stores the parts); the imitation
//   notes the upload, when it began, and each part's size and ETag;
// - ListParts, AbortMultipartUpload and ListMultipartUploads (s3rver has none) it answers itself;
// - CompleteMultipartUpload it checks as S3 does before passing it on: every listed part uploaded
//   with that ETag (else InvalidPart), in ascending order (InvalidPartOrder), and every part but the
//   last at least 5 MiB (EntityTooSmall);
// - any call naming an upload it does not know, or one aborted or completed: 404 NoSuchUpload.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface ImitatedPart {
  size: number;
  etag: string;
  lastModified: Date;
}

export interface ImitatedUpload {
  bucket: string;
  key: string;
  uploadId: string;
  initiated: Date;
  parts: Map<number, ImitatedPart>;
}

/** Passes a request on to s3rver; the body, when given, instead of the request's own. */
export type Forward = (body?: Buffer) => Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer; sent: number }>;

const MIN_PART_BYTES = 5 * 1024 ** 2;

const ERRORS = {
  NoSuchUpload: [
    404,
    'The specified multipart upload does not exist. The upload ID might be invalid, or the multipart upload might have been aborted or completed.',
  ],
  EntityTooSmall: [400, 'Your proposed upload is smaller than the minimum allowed object size.'],
  InvalidPart: [
    400,
    "One or more of the specified parts could not be found. The part might not have been uploaded, or the specified entity tag might not have matched the part's entity tag.",
  ],
  InvalidPartOrder: [400, 'The list of parts was not in ascending order. The parts list must be specified in order by part number.'],
} as const;

const escapeXml = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export class MultipartImitation {
  /** Every upload begun and neither aborted nor completed, by upload id. */
  readonly uploads = new Map<string, ImitatedUpload>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** Handles a multipart call (answering or forwarding it); false for any other request. */
  async handle(req: IncomingMessage, res: ServerResponse, forward: Forward): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://imitation.invalid');
    const q = url.searchParams;
    const [bucket = '', ...rest] = url.pathname.slice(1).split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const method = req.method ?? 'GET';
    const uploadId = q.get('uploadId');
    if (method === 'GET' && key === '' && q.has('uploads')) return (this.listUploads(res, bucket, q.get('prefix') ?? ''), true);
    if (method === 'POST' && q.has('uploads')) return this.create(res, bucket, key, forward).then(() => true);
    if (uploadId === null || key === '') return false;
    const upload = this.uploads.get(uploadId);
    if (!upload || upload.key !== key || upload.bucket !== bucket) {
      req.resume();
      // Amazon's NoSuchUpload names the upload id; a browser's part PUT gets the bucket's CORS
      // headers with it, as any error S3 answers a matching origin, so the kiosk can read the 404.
      const origin = req.headers.origin;
      const cors: Record<string, string> = origin ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': 'ETag' } : {};
      return (this.error(res, 'NoSuchUpload', url.pathname, { uploadId, headers: cors }), true);
    }
    if (method === 'PUT' && q.has('partNumber')) return this.part(res, upload, Number(q.get('partNumber')), forward).then(() => true);
    if (method === 'GET') return (this.listParts(res, upload, q), true);
    if (method === 'DELETE') {
      req.resume();
      this.uploads.delete(uploadId);
      res.writeHead(204).end();
      return true;
    }
    if (method === 'POST') return this.complete(req, res, upload, forward).then(() => true);
    return false;
  }

  private async create(res: ServerResponse, bucket: string, key: string, forward: Forward): Promise<void> {
    const answer = await forward();
    const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(answer.body.toString())?.[1];
    if (answer.status === 200 && uploadId) {
      this.uploads.set(uploadId, { bucket, key, uploadId, initiated: this.now(), parts: new Map() });
    }
    res.writeHead(answer.status, answer.headers).end(answer.body);
  }

  private async part(res: ServerResponse, upload: ImitatedUpload, partNumber: number, forward: Forward): Promise<void> {
    const answer = await forward();
    const etag = answer.headers.etag;
    if (answer.status === 200 && typeof etag === 'string')
      upload.parts.set(partNumber, { size: answer.sent, etag, lastModified: this.now() });
    res.writeHead(answer.status, answer.headers).end(answer.body);
  }

  private listParts(res: ServerResponse, upload: ImitatedUpload, q: URLSearchParams): void {
    const max = Number(q.get('max-parts') ?? 1000);
    const marker = Number(q.get('part-number-marker') ?? 0);
    const after = [...upload.parts.entries()].filter(([n]) => n > marker).sort(([a], [b]) => a - b);
    const page = after.slice(0, max);
    const truncated = after.length > page.length;
    const parts = page
      .map(
        ([n, p]) =>
          `<Part><PartNumber>${n}</PartNumber><LastModified>${p.lastModified.toISOString()}</LastModified>` +
          `<ETag>${escapeXml(p.etag)}</ETag><Size>${p.size}</Size></Part>`,
      )
      .join('');
    this.xml(
      res,
      `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escapeXml(upload.bucket)}</Bucket>` +
        `<Key>${escapeXml(upload.key)}</Key><UploadId>${upload.uploadId}</UploadId><PartNumberMarker>${marker}</PartNumberMarker>` +
        `<NextPartNumberMarker>${page.at(-1)?.[0] ?? 0}</NextPartNumberMarker><MaxParts>${max}</MaxParts>` +
        `<IsTruncated>${truncated}</IsTruncated>${parts}</ListPartsResult>`,
    );
  }

  private listUploads(res: ServerResponse, bucket: string, prefix: string): void {
    const uploads = [...this.uploads.values()]
      .filter((u) => u.bucket === bucket && u.key.startsWith(prefix))
      .sort((a, b) => (a.key === b.key ? 0 : a.key < b.key ? -1 : 1))
      .map(
        (u) =>
          `<Upload><Key>${escapeXml(u.key)}</Key><UploadId>${u.uploadId}</UploadId>` +
          `<Initiated>${u.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
      )
      .join('');
    this.xml(
      res,
      `<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escapeXml(bucket)}</Bucket>` +
        `<Prefix>${escapeXml(prefix)}</Prefix><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${uploads}` +
        `</ListMultipartUploadsResult>`,
    );
  }

  private async complete(req: IncomingMessage, res: ServerResponse, upload: ImitatedUpload, forward: Forward): Promise<void> {
    const body = await readAll(req);
    const listed = [...body.toString().matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => ({
      partNumber: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(m[1]!)?.[1]),
      etag: (/<ETag>([^<]*)<\/ETag>/.exec(m[1]!)?.[1] ?? '').replace(/&quot;/g, '"').replace(/"/g, ''),
    }));
    const path = `/${upload.bucket}/${upload.key}`;
    const stored = listed.map((p) => upload.parts.get(p.partNumber));
    if (listed.length === 0 || listed.some((p, i) => stored[i]?.etag.replace(/"/g, '') !== p.etag))
      return this.error(res, 'InvalidPart', path);
    if (listed.some((p, i) => i > 0 && p.partNumber <= listed[i - 1]!.partNumber)) return this.error(res, 'InvalidPartOrder', path);
    if (stored.slice(0, -1).some((p) => p!.size < MIN_PART_BYTES)) return this.error(res, 'EntityTooSmall', path);
    const answer = await forward(body);
    if (answer.status === 200) this.uploads.delete(upload.uploadId);
    res.writeHead(answer.status, answer.headers).end(answer.body);
  }

  private xml(res: ServerResponse, xml: string): void {
    res.writeHead(200, { 'Content-Type': 'application/xml', 'x-amz-request-id': 'IMITATION' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}`);
  }

  private error(
    res: ServerResponse,
    code: keyof typeof ERRORS,
    resource: string,
    extra: { uploadId?: string; headers?: Record<string, string> } = {},
  ): void {
    const [status, message] = ERRORS[code];
    res.writeHead(status, { 'Content-Type': 'application/xml', 'x-amz-request-id': 'IMITATION', ...extra.headers });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>` +
        (extra.uploadId ? `<UploadId>${escapeXml(extra.uploadId)}</UploadId>` : '') +
        `<Resource>${escapeXml(resource)}</Resource><RequestId>IMITATION</RequestId></Error>`,
    );
  }
}
