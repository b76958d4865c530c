// Every API answer a test receives is held to its endpoint's definition here, once for all tests:
// the status must be one the definition declares (or implies), an error must be `{ message }`,
// and a JSON success must parse with its schema (the server's own check has already refused
// undeclared fields). A call that no definition names fails the test, so none can be added unseen.
import { endpoints, errorStatusesOf, findRoute, isRawAnswer, type EndpointDefinition } from '@courtreplay/shared';
import { z } from 'zod';
import { undeclaredFields } from '../http/contract.ts';

/** Outside the contract: the reference page's assets. */
const OUTSIDE_CONTRACT = [/^\/api\/docs\/./];

const errorBody = z.looseObject({ message: z.string().min(1) });

export async function checkAgainstContract(method: string, url: string, res: Response): Promise<void> {
  const { pathname } = new URL(url, 'http://localhost');
  if (OUTSIDE_CONTRACT.some((p) => p.test(pathname))) return;
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  if (verb === 'OPTIONS') return;
  const name = findRoute(verb, pathname);
  // Outside /api only the calls the contract names (the phone page's state) are JSON calls.
  if (!pathname.startsWith('/api/') && !name) return;
  if (!name) {
    if (res.status === 404 || res.status === 405) return;
    throw new Error(`Contract: ${verb} ${pathname} answered ${res.status} but no endpoint definition names it`);
  }
  const endpoint: EndpointDefinition = endpoints[name];
  const where = `${verb} ${pathname} (${name}) answered ${res.status}`;
  if (res.status >= 400) {
    if (!errorStatusesOf(endpoint).includes(res.status)) throw new Error(`Contract: ${where}, a status its definition does not declare`);
    const sent: unknown = await res
      .clone()
      .json()
      .catch(() => undefined);
    const parsed = errorBody.safeParse(sent);
    if (!parsed.success) throw new Error(`Contract: ${where} without the error shape { message }`);
    const declaredError = endpoint.errorBodies?.[res.status];
    const checked = declaredError?.safeParse(sent);
    if (checked && !checked.success) throw new Error(`Contract: ${where} with an error body its schema refuses: ${checked.error.message}`);
    const extra = checked ? undeclaredFields(sent, checked.data) : [];
    if (extra.length) throw new Error(`Contract: ${where} with error fields its definition does not name: ${extra.join(', ')}`);
    return;
  }
  const declared = endpoint.responses[res.status];
  if (!declared) throw new Error(`Contract: ${where}, a status its definition does not declare`);
  if (isRawAnswer(declared) || verb !== method.toUpperCase()) return;
  const parsed = declared.safeParse(await res.clone().json());
  if (!parsed.success) throw new Error(`Contract: ${where} with a body its schema refuses: ${parsed.error.message}`);
}
