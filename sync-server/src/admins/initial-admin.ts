// The first super admin: from ADMIN_EMAIL/ADMIN_PASSWORD, or with a generated password printed once,
// when the database has no admin at all. Never touches an existing admin. Two instances starting
// on one empty database both try; the unique e-mail lets one insert land, and only that one speaks.
import type { Logger } from 'pino';
import type { Clock } from '../adapters/ports.ts';
import { hashPassword } from '../auth/password.ts';
import { generatePassword } from '../auth/tokens.ts';
import type { Config } from '../config-types.ts';
import type { Db } from '../db/database.ts';
import { countAdmins, insertAdmin } from './queries.ts';

export async function ensureInitialAdmin(deps: { db: Db; config: Config; clock: Clock; logger: Logger }): Promise<void> {
  const { db, config, clock, logger } = deps;
  if ((await countAdmins(db)) > 0) return;
  const email = config.initialAdmin.email;
  const generated = config.initialAdmin.password === undefined;
  const password = config.initialAdmin.password ?? generatePassword();
  const created = await insertAdmin(db, {
    email,
    passwordHash: await hashPassword(password, config.passwordHashing),
    role: 'super_admin',
    venueId: null,
    createdAt: clock.now().toISOString(),
  });
  if (!created) {
    logger.info({ email }, `The first super admin ${email} was created by another instance`);
    return;
  }
  if (generated) {
    // Printed once, on the run that creates the admin; it is stored only as a scrypt hash.
    logger.warn(
      { email, password },
      `Created the first super admin ${email} with the generated password ${password} (shown only this once; change it by creating another super admin)`,
    );
  } else {
    logger.info({ email }, `Created the first super admin ${email} from ADMIN_EMAIL/ADMIN_PASSWORD`);
  }
}
