import {
  MESSAGES,
  PROMO_MESSAGES,
  promoIsOpen,
  VENUE_MESSAGES,
  type Promo,
  type ValidatePromoResponse,
  type promoInput,
} from '@courtreplay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../app-env.ts';
import { assertVenueAccess, venueScope, type SessionAdmin } from '../auth/venue-access.ts';
import {
  countPromoUses,
  deletePromo,
  findPromo,
  findPromoByCode,
  hasQuotaLeft,
  insertPromo,
  listPromos,
  updatePromo,
  type PromoRow,
} from '../promos/queries.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import { findVenue } from '../venues/service.ts';
import { SERVER_MESSAGES } from '@courtreplay/shared';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type PromoValues = z.output<typeof promoInput>;

async function withUses(deps: Deps, rows: PromoRow[]): Promise<Promo[]> {
  const uses = await countPromoUses(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, ...(uses.get(row.id) ?? { paid: 0, held: 0 }) }));
}

/** A super admin may touch any code; a venue admin only their own venue's (never a global one). */
function assertPromoAccess(admin: SessionAdmin, venueId: number | null): void {
  if (venueId === null) {
    if (venueScope(admin) !== null) throw forbidden(SERVER_MESSAGES.access.ownVenueOnly);
    return;
  }
  assertVenueAccess(admin, venueId);
}

async function assertVenueExists(deps: Deps, venueId: number | null): Promise<void> {
  if (venueId === null) return;
  const venue = await findVenue(deps.db, venueId);
  if (!venue) throw notFound(VENUE_MESSAGES.notFound);
}

/** Every code (a super admin without a venue), or those working at one venue: a venue admin's always their own. */
export async function allPromos(deps: Deps, admin: SessionAdmin, venueId: number | undefined): Promise<Promo[]> {
  const scope = venueScope(admin);
  return withUses(deps, await listPromos(deps.db, scope ?? venueId));
}

export async function onePromo(deps: Deps, id: number): Promise<Promo | undefined> {
  const row = await findPromo(deps.db, id);
  return row && (await withUses(deps, [row]))[0];
}

export async function createPromo(deps: Deps, admin: SessionAdmin, values: PromoValues): Promise<Promo> {
  assertPromoAccess(admin, values.venueId);
  await assertVenueExists(deps, values.venueId);
  const promo = await insertPromo(deps.db, { ...values, createdAt: deps.clock.now().toISOString() });
  if (!promo) throw conflict(MESSAGES.promoForm.duplicateCode);
  return (await withUses(deps, [promo]))[0]!;
}

async function ownedPromo(deps: Deps, admin: SessionAdmin, id: number): Promise<PromoRow> {
  const existing = await findPromo(deps.db, id);
  if (!existing) throw notFound(PROMO_MESSAGES.notFound);
  assertPromoAccess(admin, existing.venueId);
  return existing;
}

export async function changePromo(deps: Deps, admin: SessionAdmin, id: number, values: PromoValues): Promise<Promo> {
  await ownedPromo(deps, admin, id);
  assertPromoAccess(admin, values.venueId);
  await assertVenueExists(deps, values.venueId);
  const result = await updatePromo(deps.db, id, values);
  if (result === 'missing') throw notFound(PROMO_MESSAGES.notFound);
  if (result === 'duplicate') throw conflict(MESSAGES.promoForm.duplicateCode);
  return (await withUses(deps, [result]))[0]!;
}

export async function removePromo(deps: Deps, admin: SessionAdmin, id: number): Promise<void> {
  await ownedPromo(deps, admin, id);
  if (!(await deletePromo(deps.db, id))) throw notFound(PROMO_MESSAGES.notFound);
}

/**
 * A kiosk checks a code before checkout. An unknown code, a used-up one, one outside its days, one
 * switched off and another venue's all get the same answer, so codes cannot be probed. The quota is
 * only reserved when the purchase is created.
 */
export async function validatePromo(deps: Deps, code: string, venueId: number): Promise<ValidatePromoResponse> {
  const promo = await findPromoByCode(deps.db, code);
  const elsewhere = promo?.venueId != null && promo.venueId !== venueId;
  if (!promo || elsewhere || !promoIsOpen(promo, deps.clock.now()) || !hasQuotaLeft(promo))
    return { valid: false, message: MESSAGES.promo.requestFailed, promo: null };
  const { id, name, amount, percent } = promo;
  return { valid: true, message: PROMO_MESSAGES.valid, promo: { id, name, code: promo.code, amount, percent } };
}

// What the other features use of this one; its queries.ts is its own.
export { promoOverQuota, releasePromo, reservePromo, retakePromo } from './queries.ts';
