// Seed helpers for tests: rows written straight through the query layer, ids as the database gives them.
import { newCourtCode } from '../fields/court-code.ts';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../adapters/ports.ts';
import { hashPassword, type ScryptParams } from '../auth/password.ts';
import { hashToken, newSessionToken } from '../auth/tokens.ts';
import type { Db } from '../db/database.ts';
import type { AdminRole } from '../db/schema/index.ts';

/** Cheap scrypt for the in-process test app's admins and PINs; a real server always uses OWASP's (config.ts). */
export const FAST_SCRYPT: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };

export interface Seeder {
  venue(input?: { name?: string; location?: string }): Promise<{ id: number; name: string; location: string }>;
  field(input: { venueId: number; name?: string }): Promise<{ id: number; name: string; venueId: number }>;
  device(input: {
    venueId: number;
    fieldId?: number | null;
    authorized?: boolean;
    deviceId?: string;
    staging?: boolean;
  }): Promise<{ id: number; deviceId: string; headers: Record<string, string> }>;
  admin(input?: { role?: AdminRole; venueId?: number | null; email?: string; password?: string }): Promise<SeededAdmin>;
  promo(input?: {
    name?: string;
    code?: string;
    amount?: number;
    percent?: number;
    quota?: number;
    used?: number;
    startsOn?: string | null;
    endsOn?: string | null;
    active?: boolean;
    venueId?: number | null;
  }): Promise<{ id: number; code: string }>;
  config(key: string, value: string): Promise<void>;
  /** A venue's own value for a pricing entry (its override of the global one). */
  venueConfig(venueId: number, key: string, value: string): Promise<void>;
}

export interface SeededAdmin {
  id: number;
  email: string;
  password: string;
  role: AdminRole;
  venueId: number | null;
  token: string;
  /** `Authorization: Bearer ...` for app.request(). */
  headers: Record<string, string>;
}

export function newDeviceId(): string {
  return `dev_${randomBytes(16).toString('base64url')}`;
}

export function createSeeder(db: Db, clock: Clock, sessionTtlMs: number): Seeder {
  let n = 0;
  const now = () => clock.now().toISOString();
  return {
    async venue(input = {}) {
      n += 1;
      const row = { name: input.name ?? `Venue ${n}`, location: input.location ?? `Jakarta ${n}`, createdAt: now() };
      const { id } = await db.insertInto('venues').values(row).returning('id').executeTakeFirstOrThrow();
      return { id, name: row.name, location: row.location };
    },
    async field(input) {
      n += 1;
      const row = { name: input.name ?? `Court ${n}`, venueId: input.venueId, createdAt: now() };
      const { id } = await db
        .insertInto('fields')
        .values({ ...row, courtCode: newCourtCode() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, name: row.name, venueId: row.venueId };
    },
    async device(input) {
      const deviceId = input.deviceId ?? newDeviceId();
      const row = {
        deviceId,
        venueId: input.venueId,
        fieldId: input.fieldId ?? null,
        isAuthorized: input.authorized === false ? 0 : 1,
        staging: input.staging ? 1 : 0,
        createdAt: now(),
      };
      const { id } = await db.insertInto('devices').values(row).returning('id').executeTakeFirstOrThrow();
      return { id, deviceId, headers: { 'X-Device-Id': deviceId } };
    },
    async admin(input = {}) {
      n += 1;
      const role = input.role ?? 'admin';
      const email = input.email ?? `${role.replace('_', '')}${n}@example.com`;
      const password = input.password ?? `password-${n}-long`;
      const venueId = role === 'super_admin' ? null : (input.venueId ?? null);
      const passwordHash = await hashPassword(password, FAST_SCRYPT);
      const { id } = await db
        .insertInto('admins')
        .values({ email, passwordHash, role, venueId, createdAt: now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = newSessionToken();
      const expiresAt = new Date(clock.now().getTime() + sessionTtlMs).toISOString();
      await db
        .insertInto('sessions')
        .values({ id: hashToken(token), adminId: id, createdAt: now(), expiresAt })
        .execute();
      return { id, email, password, role, venueId, token, headers: { Authorization: `Bearer ${token}` } };
    },
    async promo(input = {}) {
      n += 1;
      const code = input.code ?? `PROMO${n}`;
      const row = {
        name: input.name ?? `Promo ${n}`,
        code,
        amount: input.amount ?? (input.percent ? 0 : 5000),
        percent: input.percent ?? 0,
        quota: input.quota ?? 0,
        used: input.used ?? 0,
        createdAt: now(),
        startsOn: input.startsOn ?? null,
        endsOn: input.endsOn ?? null,
        active: input.active === false ? 0 : 1,
        venueId: input.venueId ?? null,
      };
      const { id } = await db.insertInto('promo_codes').values(row).returning('id').executeTakeFirstOrThrow();
      return { id, code };
    },
    async config(key, value) {
      await db
        .insertInto('config_entries')
        .values({ key, value, updatedAt: now() })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt: now() }))
        .execute();
    },
    async venueConfig(venueId, key, value) {
      await db
        .insertInto('venue_config_entries')
        .values({ venueId, key, value, updatedAt: now() })
        .onConflict((oc) => oc.columns(['venueId', 'key']).doUpdateSet({ value, updatedAt: now() }))
        .execute();
    },
  };
}
