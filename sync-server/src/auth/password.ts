// Password hashing with scrypt (node:crypto, async). The parameters are stored with the hash, so
// verification follows the stored ones: a hash made with earlier parameters still verifies, and is
// replaced by one with the current parameters at its next correct login (auth/service.ts).
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's Password Storage Cheat Sheet lists five scrypt settings of equal strength (N=2^17 r=8 p=1,
 * N=2^16 p=2, N=2^15 p=3, N=2^14 p=5, N=2^13 p=10, all r=8). We take N=2^13, r=8, p=10: the least
 * work of the five (N x p) and 8 MiB instead of 128 MiB, so a correct login answers well inside a
 * second on a 2-core server and two checks at once fit a small machine (docs/benchmarks.md, login).
 * Hashes made before this choice used N=2^17, r=8, p=1; those still verify.
 */
export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 13, r: 8, p: 10 };
const KEY_LENGTH = 32;

// Each scrypt holds up to 128 MiB while it runs (an older hash's N=2^17); at most two run at once so
// a burst of logins queues instead of taking the memory of a small venue server.
const MAX_PARALLEL = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return withSlot(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );
}

export async function hashPassword(password: string, params: ScryptParams = OWASP_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const started = performance.now();
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  recordCheck(performance.now() - started);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

function paramsOf(stored: string): ScryptParams | undefined {
  const [scheme, N, r, p] = stored.split('$');
  return scheme === 'scrypt' ? { N: Number(N), r: Number(r), p: Number(p) } : undefined;
}

/** Whether `stored` was made with other parameters than `params` (then a correct login replaces it). */
export function hashedWithOtherParams(stored: string, params: ScryptParams): boolean {
  const own = paramsOf(stored);
  return !own || own.N !== params.N || own.r !== params.r || own.p !== params.p;
}

/** How long checking a password has taken lately (a moving average of the real checks). */
let typicalCheckMs: number | undefined;
let calibration: Promise<void> | undefined;

function recordCheck(ms: number): void {
  typicalCheckMs = typicalCheckMs === undefined ? ms : 0.8 * typicalCheckMs + 0.2 * ms;
}

/**
 * The check of a password for an account nobody has: false, after as long as a real check takes
 * lately (+-10%). It computes no hash. An unknown e-mail must take as long as a wrong password, or
 * timing would tell which e-mails have accounts; but hashing for it would let anyone who sends
 * guesses for made-up e-mails fill the two hashing places and queue the owner's real login behind
 * them. Waiting costs no CPU and holds no place, and since it follows the real checks' recent time
 * (also when the machine is busy), its answer time tells no more than the real check's variance.
 * Until a real check has run, one hash with `params` is timed, once for everyone waiting.
 */
export async function imitateFailedCheck(params: ScryptParams = OWASP_SCRYPT): Promise<false> {
  if (typicalCheckMs === undefined) {
    calibration ??= (async () => {
      const started = performance.now();
      await hashPassword(randomBytes(16).toString('hex'), params);
      recordCheck(performance.now() - started);
    })();
    await calibration;
  }
  const ms = (typicalCheckMs ?? 0) * (0.9 + 0.2 * Math.random());
  await new Promise((resolve) => setTimeout(resolve, ms));
  return false;
}
