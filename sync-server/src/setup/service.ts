// The first-run checklist (issue 14 point 9): what a fresh install still needs before a kiosk can sell.
import { INTEGRATION_KINDS, type SetupChecklist } from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';

type Deps = Pick<AppDeps, 'db' | 'health'>;

export async function setupChecklist(deps: Deps): Promise<SetupChecklist> {
  const { db, health } = deps;
  const exists = async (query: { executeTakeFirst(): Promise<unknown> }) => (await query.executeTakeFirst()) !== undefined;
  const [venue, court, price, kiosk] = await Promise.all([
    exists(db.selectFrom('venues').select('id').limit(1)),
    exists(db.selectFrom('fields').select('id').limit(1)),
    exists(db.selectFrom('config_entries').select('key').where('key', '=', 'DEFAULT_PRICE').limit(1)),
    exists(db.selectFrom('devices').select('id').where('isAuthorized', '=', 1).limit(1)),
  ]);
  const integrations =
    health !== undefined && INTEGRATION_KINDS.every((kind) => health.status(kind)?.lastSuccessAt) && health.alerts().length === 0;
  return { venue, court, price, kiosk, integrations };
}
