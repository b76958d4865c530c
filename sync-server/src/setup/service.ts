// The first-run checklist: what a fresh install still needs before a kiosk can sell.
import { INTEGRATION_KINDS, type SetupChecklist } from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';
import { lastSuccesses } from '../integrations/service.ts';
import { installProgress } from './queries.ts';

type Deps = Pick<AppDeps, 'db' | 'health' | 'config'>;

export async function setupChecklist(deps: Deps): Promise<SetupChecklist> {
  const { db, health, config } = deps;
  const { venue, court, price, kiosk } = await installProgress(db);
  // WhatsApp is a step only where it sends for real (WHATSAPP=cloud); off or to its outbox, nothing to connect.
  const kinds = INTEGRATION_KINDS.filter((kind) => kind !== 'whatsapp' || config.whatsapp.mode === 'cloud');
  const successes = await lastSuccesses(deps);
  const integrations = health !== undefined && kinds.every((kind) => successes[kind]) && health.alerts().length === 0;
  return { venue, court, price, kiosk, integrations };
}
