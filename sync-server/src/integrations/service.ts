// What the Integrations panel reads and does: each integration's active adapter, last success and
// last error, the open credential alerts, and Test connection through the adapter's own
// testConnection() (ports.ts). A test's outcome is recorded like any other call's.
import { INTEGRATION_KINDS, INTEGRATION_MESSAGES as M, type IntegrationsResponse, type IntegrationTestResponse } from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';
import type { IntegrationKind } from './health.ts';
import { lastTrafficAt } from './queries.ts';

type Deps = Pick<AppDeps, 'payments' | 'storage' | 'mailer' | 'whatsapp' | 'health'>;

/**
 * Each service's last success: the later of its last call that worked (a Test included) and the last
 * real work the sales recorded (lastTrafficAt), so five real sales never read "never".
 */
export async function lastSuccesses(deps: Pick<AppDeps, 'db' | 'health'>): Promise<Record<IntegrationKind, Date | undefined>> {
  const traffic = await lastTrafficAt(deps.db);
  const latest = (kind: IntegrationKind) => {
    const seen = [deps.health?.status(kind).lastSuccessAt, traffic[kind] ? new Date(traffic[kind]) : undefined].filter(
      (at): at is Date => at !== undefined,
    );
    return seen.length ? new Date(Math.max(...seen.map((at) => at.getTime()))) : undefined;
  };
  return { payments: latest('payments'), storage: latest('storage'), mail: latest('mail'), whatsapp: latest('whatsapp') };
}

export function adapterName(deps: Deps, kind: IntegrationKind): string {
  if (kind === 'whatsapp') return deps.whatsapp?.name ?? 'off';
  const adapter = kind === 'payments' ? deps.payments : kind === 'storage' ? deps.storage : deps.mailer;
  return adapter?.name ?? 'none';
}

export async function integrationsView(deps: Deps & Pick<AppDeps, 'db'>): Promise<IntegrationsResponse> {
  const successes = await lastSuccesses(deps);
  const integrations = INTEGRATION_KINDS.map((kind) => {
    const status = deps.health?.status(kind);
    return {
      kind,
      adapter: adapterName(deps, kind),
      lastSuccessAt: successes[kind]?.toISOString() ?? null,
      lastError: status?.lastError ? { message: status.lastError.message, at: status.lastError.at.toISOString() } : null,
    };
  });
  const alerts = (deps.health?.alerts() ?? []).map((a) => ({
    code: a.code,
    integration: a.integration,
    message: a.message,
    advice: a.advice,
    firstAt: a.firstAt.toISOString(),
    lastAt: a.lastAt.toISOString(),
  }));
  return { integrations, alerts };
}

export interface TestInput {
  /** The asking admin's address: the SMTP test e-mail goes there. */
  adminEmail: string;
  /** The admin's browser origin: a storage test session must accept its PUT (CORS). */
  origin: string | undefined;
}

export async function testIntegration(deps: Deps, kind: IntegrationKind, input: TestInput): Promise<IntegrationTestResponse> {
  let result: IntegrationTestResponse;
  try {
    result = await runTest(deps, kind, input);
  } catch (err) {
    result = { ok: false, message: M.testFailed(err instanceof Error ? err.message : String(err)) };
  }
  if (result.ok) deps.health?.succeeded(kind);
  else deps.health?.failed(kind, result.message);
  return result;
}

async function runTest(deps: Deps, kind: IntegrationKind, input: TestInput): Promise<IntegrationTestResponse> {
  const name = adapterName(deps, kind);
  if (kind === 'payments' && deps.payments?.testConnection) return deps.payments.testConnection();
  if (kind === 'storage' && deps.storage?.testConnection) return deps.storage.testConnection(input.origin);
  if (kind === 'mail' && deps.mailer?.testConnection) return deps.mailer.testConnection(input.adminEmail);
  if (kind === 'whatsapp') return deps.whatsapp?.testConnection ? deps.whatsapp.testConnection() : { ok: false, message: M.whatsappOff };
  return { ok: true, message: M.nothingToTest(name), details: { tested: false } };
}
