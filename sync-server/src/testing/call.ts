// The API tests' typed client: `t.call('createVenue', { body }, { headers: admin.headers })` names an
// endpoint of the contract, so its method, path and input come from the one definition (the same
// as the PWA's `call`) and its answer is typed. A call that answers anything but a success fails
// the test unless the test names the status it expects; the answer is then that status's body.
import type { AnswerAt, CallInput, Endpoints, ErrorAnswer } from '@courtreplay/shared';
import { requestOf } from '@courtreplay/shared';

type Name = keyof Endpoints;
type SuccessStatus<K extends Name> = keyof Endpoints[K]['responses'] & number;

export interface TestCallOptions {
  /** Credentials and the like: a seeded admin's or device's `headers`. */
  headers?: Record<string, string>;
}

export interface TestCall {
  /** The raw Response (for its headers or a non-JSON answer); its status is checked only when `status` is given. */
  <K extends Name>(name: K, input: CallInput<Endpoints[K]>, options: TestCallOptions & { raw: true; status?: number }): Promise<Response>;
  /** A success: the answer of `status` (any declared success when unset). */
  <K extends Name, S extends SuccessStatus<K> = SuccessStatus<K>>(
    name: K,
    input: CallInput<Endpoints[K]>,
    options?: TestCallOptions & { status?: S },
  ): Promise<AnswerAt<Endpoints[K], S>>;
  /** An error the test expects: its body (`{ message }`, or what the definition declares for that status). */
  <K extends Name, S extends number>(
    name: K,
    input: CallInput<Endpoints[K]>,
    options: TestCallOptions & { status: S },
  ): Promise<ErrorAnswer<Endpoints[K], S>>;
}

type Requester = (path: string, init: RequestInit) => Response | Promise<Response>;

export function createTestCall(request: Requester): TestCall {
  return (async (name: Name, input: object, options: TestCallOptions & { status?: number; raw?: boolean } = {}) => {
    const { method, url, headers, body } = requestOf(name, input as never);
    const res = await request(url, { method, headers: { ...headers, ...options.headers }, body });
    const expected = options.status;
    const ok = expected === undefined ? options.raw || (res.status >= 200 && res.status < 300) : res.status === expected;
    if (!ok) {
      const text = await res.text();
      throw new Error(`${name}: ${method} ${url} answered ${res.status}, expected ${expected ?? 'a success'}: ${text.slice(0, 500)}`);
    }
    if (options.raw) return res;
    const text = await res.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  }) as TestCall;
}
