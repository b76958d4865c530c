// Large clips on S3 as presigned multipart uploads. Above MULTIPART_THRESHOLD_BYTES
// the server creates the bucket's multipart upload (CreateMultipartUpload) and answers get-signed-url
// with the upload's handle: the object's plain URL with `?uploadId=`, which is how S3 itself names a
// multipart upload. The handle is unsigned and grants nothing; the server remembers, by its hash,
// whom it issued it to (storage/service.ts), so the key and the upload id it carries are the
// server's own, never the browser's. Then:
// - multipart/parts: the server asks the bucket which parts it holds (ListParts: the kiosk resumes
//   after a reboot from what the bucket has, not from what the kiosk remembers) and presigns an
//   UploadPart URL for each other one, its part number and length signed, living at most
//   UPLOAD_URL_TTL_MINUTES;
// - the kiosk PUTs the parts (every part PART_BYTES long but the last, so none is under S3's 5 MiB);
// - multipart/complete: the server lists the parts again and completes with the ETags the bucket
//   reports (CompleteMultipartUpload), so the browser's word is never needed for them; a part under
//   5 MiB but the last is the bucket's EntityTooSmall, a 400 whose message says to ask for the parts
//   again (multipart/parts offers again any part not of the length its number calls for);
// - the retention job aborts what was begun more than a day ago and never completed, under S3_PREFIX
//   only (ListMultipartUploads, AbortMultipartUpload); the bucket's lifecycle rule is the second
//   line of defence (docs/s3-storage.md).
import { SERVER_MESSAGES } from '@courtreplay/shared';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  UploadPartCommand,
  type MultipartUpload,
  type Part,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { DomainError } from '../errors.ts';
import type { Clock, MultipartPlan, UploadStatus } from './ports.ts';
import { keyOfUrl, objectUrl, type BucketAddress } from './s3-location.ts';

const MIB = 1024 ** 2;
/**
 * Clips above this go in parts. A venue uplink of 10 Mbit/s sends 64 MiB in under a minute: below it
 * a reboot costs little to send again whole, and one PUT costs one presign and one request; above
 * it (a long rally recorded at a high bitrate runs to hundreds of MB) a reboot would cost minutes.
 */
export const MULTIPART_THRESHOLD_BYTES = 64 * MIB;
/**
 * Every part but the last. S3 takes parts of 5 MiB to 5 GiB and at most 10,000 of them: 16 MiB parts
 * reach 5 GB (the single-PUT limit this product keeps) in 300 parts; a reboot loses at most one
 * part (13 s at 10 Mbit/s), and a 200 MB clip is 12 requests, not 40.
 */
export const MULTIPART_PART_BYTES = 16 * MIB;
/** S3's least part size, the last part excepted (EntityTooSmall below it). */
export const MIN_PART_BYTES = 5 * MIB;
const MAX_PARTS = 10_000;
/** Parts listed per ListParts page (S3's default and most). */
const LIST_PAGE = 1000;

export interface MultipartContext {
  client: S3Client;
  address: BucketAddress;
  prefix: string;
  clock: Clock;
  partBytes: number;
  /** How long a presigned part URL lives (UPLOAD_URL_TTL_MINUTES, SigV4's week at most). */
  presignSeconds(): number;
  /** Whether a key is one of this product's clips (under the prefix, in a folder of ours). */
  isClipKey(key: string): boolean;
  /** Runs a call against the bucket, turning its errors into DomainErrors. */
  report<T>(fn: () => Promise<T>): Promise<T>;
  /** The size of an object, or undefined when there is none. */
  head(key: string): Promise<{ size: number } | undefined>;
}

interface Handle {
  key: string;
  uploadId: string;
}

/** The parts of a clip of `size` bytes in parts of `partBytes`: [start, size] of each. */
export function partsOf(size: number, partBytes: number): { partNumber: number; start: number; size: number }[] {
  const count = Math.ceil(size / partBytes);
  return Array.from({ length: count }, (_, i) => ({
    partNumber: i + 1,
    start: i * partBytes,
    size: Math.min(partBytes, size - i * partBytes),
  }));
}

export class S3Multipart {
  constructor(private readonly s3: MultipartContext) {
    if (s3.partBytes < MIN_PART_BYTES) throw new Error(`S3 parts are at least ${MIN_PART_BYTES} bytes`);
  }

  /** Begins the upload of `key` and answers its handle (the object's URL with `?uploadId=`). */
  async begin(key: string, mimeType: string, size: number): Promise<{ uploadUrl: string; partSize: number }> {
    if (Math.ceil(size / this.s3.partBytes) > MAX_PARTS) throw new DomainError('invalid_input', SERVER_MESSAGES.s3.tooLarge);
    const created = await this.s3.report(() =>
      this.s3.client.send(new CreateMultipartUploadCommand({ Bucket: this.s3.address.bucket, Key: key, ContentType: mimeType })),
    );
    if (!created.UploadId) throw new DomainError('upstream_failed', SERVER_MESSAGES.s3.failed('no UploadId'));
    const url = new URL(objectUrl(this.s3.address, key));
    url.searchParams.set('uploadId', created.UploadId);
    return { uploadUrl: url.toString(), partSize: this.s3.partBytes };
  }

  /** Whether a URL is a multipart handle (an uploadId, no signature) rather than a presigned PUT. */
  static isHandle(uploadUrl: string): boolean {
    const query = new URL(uploadUrl).searchParams;
    return query.has('uploadId') && !query.has('X-Amz-Signature');
  }

  /** Bytes the bucket holds: the whole clip once completed, else the parts it lists; 'gone' when aborted. */
  async status(uploadUrl: string, size: number): Promise<UploadStatus> {
    const { key, uploadId } = this.handleOf(uploadUrl);
    if ((await this.s3.head(key))?.size === size) return { received: size, complete: true };
    const held = this.whole(await this.listParts(key, uploadId), size);
    return { received: held.reduce((n, p) => n + p.size, 0), complete: false };
  }

  /** The parts the bucket holds whole, and a presigned UploadPart URL for each other one. */
  async plan(uploadUrl: string, size: number): Promise<MultipartPlan> {
    const { key, uploadId } = this.handleOf(uploadUrl);
    // Completed already (the kiosk lost the answer): every part is in, none to send.
    if ((await this.s3.head(key))?.size === size) {
      return {
        size,
        partSize: this.s3.partBytes,
        received: partsOf(size, this.s3.partBytes).map(({ partNumber, size: bytes }) => ({ partNumber, size: bytes })),
        parts: [],
      };
    }
    const held = this.whole(await this.listParts(key, uploadId), size);
    const have = new Set(held.map((p) => p.partNumber));
    const missing = partsOf(size, this.s3.partBytes).filter((p) => !have.has(p.partNumber));
    const parts = await Promise.all(
      missing.map(async (part) => ({
        ...part,
        uploadUrl: await this.s3.report(() =>
          getSignedUrl(
            this.s3.client,
            new UploadPartCommand({
              Bucket: this.s3.address.bucket,
              Key: key,
              UploadId: uploadId,
              PartNumber: part.partNumber,
              ContentLength: part.size,
            }),
            {
              expiresIn: this.s3.presignSeconds(),
              signingDate: this.s3.clock.now(),
              signableHeaders: new Set(['content-length']),
            },
          ),
        ),
      })),
    );
    return { size, partSize: this.s3.partBytes, received: held, parts };
  }

  /** Completes the upload from the parts the bucket lists (their ETags are the bucket's); idempotent once complete. */
  async complete(uploadUrl: string, size: number): Promise<UploadStatus> {
    const { key, uploadId } = this.handleOf(uploadUrl);
    // A completion whose answer was lost is asked again: the object then stands and the upload is gone.
    if ((await this.s3.head(key))?.size === size) return { received: size, complete: true };
    const listed = await this.listParts(key, uploadId);
    // Present is enough here: the bucket judges the parts' sizes (EntityTooSmall), and a part's URL
    // signs its length, so a part the bucket took is the length its number calls for.
    const held = new Set(listed.map((p) => p.PartNumber));
    const missing = partsOf(size, this.s3.partBytes)
      .map((p) => p.partNumber)
      .filter((n) => !held.has(n));
    if (missing.length > 0) throw new DomainError('conflict', SERVER_MESSAGES.s3.partsMissing(rangesOf(missing)));
    const count = Math.ceil(size / this.s3.partBytes);
    const parts = listed
      .filter((p) => p.PartNumber! <= count)
      .sort((a, b) => a.PartNumber! - b.PartNumber!)
      .map((p) => ({ PartNumber: p.PartNumber!, ETag: p.ETag! }));
    await this.s3.report(() =>
      this.s3.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.s3.address.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      ),
    );
    return { received: size, complete: true };
  }

  /** Aborts the uploads under the prefix begun before `cutoff` and never completed; answers how many. */
  async abortBegunBefore(cutoff: Date): Promise<number> {
    const stale: MultipartUpload[] = [];
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.s3.report(() =>
        this.s3.client.send(
          new ListMultipartUploadsCommand({
            Bucket: this.s3.address.bucket,
            Prefix: this.s3.prefix,
            ...(keyMarker ? { KeyMarker: keyMarker } : {}),
            ...(uploadIdMarker ? { UploadIdMarker: uploadIdMarker } : {}),
          }),
        ),
      );
      stale.push(
        ...(page.Uploads ?? []).filter(
          (u) => u.Key?.startsWith(this.s3.prefix) && u.UploadId && (u.Initiated?.getTime() ?? Infinity) < cutoff.getTime(),
        ),
      );
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    let aborted = 0;
    for (const upload of stale) {
      try {
        await this.s3.report(() =>
          this.s3.client.send(
            new AbortMultipartUploadCommand({ Bucket: this.s3.address.bucket, Key: upload.Key!, UploadId: upload.UploadId! }),
          ),
        );
        aborted++;
      } catch (err) {
        // Completed or aborted since it was listed: nothing left to abort.
        if (!(err instanceof DomainError && err.code === 'gone')) throw err;
      }
    }
    return aborted;
  }

  private handleOf(uploadUrl: string): Handle {
    const key = keyOfUrl(this.s3.address, uploadUrl);
    const uploadId = new URL(uploadUrl).searchParams.get('uploadId');
    if (!key || !uploadId || !this.s3.isClipKey(key)) throw new DomainError('invalid_input', SERVER_MESSAGES.s3.notOurUrl);
    return { key, uploadId };
  }

  /** Every part the bucket lists for the upload (all pages). */
  private async listParts(key: string, uploadId: string): Promise<Part[]> {
    const parts: Part[] = [];
    let marker: string | undefined;
    do {
      const page = await this.s3.report(() =>
        this.s3.client.send(
          new ListPartsCommand({
            Bucket: this.s3.address.bucket,
            Key: key,
            UploadId: uploadId,
            MaxParts: LIST_PAGE,
            ...(marker ? { PartNumberMarker: marker } : {}),
          }),
        ),
      );
      parts.push(...(page.Parts ?? []));
      marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
    } while (marker);
    return parts;
  }

  /** The listed parts that are whole: the length their number calls for (a part of another length is sent again). */
  private whole(listed: Part[], size: number): { partNumber: number; size: number }[] {
    const expected = new Map(partsOf(size, this.s3.partBytes).map((p) => [p.partNumber, p.size]));
    return listed
      .filter((p) => p.PartNumber !== undefined && p.ETag && expected.get(p.PartNumber) === p.Size)
      .map((p) => ({ partNumber: p.PartNumber!, size: p.Size! }))
      .sort((a, b) => a.partNumber - b.partNumber);
  }
}

/** 1, 2, 3, 5, 7, 8 → "1-3, 5, 7-8": the missing parts, short enough for a message. */
function rangesOf(numbers: number[]): string {
  const spans: string[] = [];
  for (let i = 0; i < numbers.length;) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j++;
    spans.push(i === j ? `${numbers[i]}` : `${numbers[i]}-${numbers[j]}`);
    i = j + 1;
  }
  return spans.join(', ');
}
