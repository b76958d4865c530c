// The error log: the Errors tab's one list of every problem an operator should
// act on, gathered where each is recorded, never copied: purchases a kiosk parked, uploads that
// ended short and e-mails that failed (purchase history), payments reversed after they were paid
// (with which reversal and how much), payments settled late, paid purchases not delivered within 10
// minutes (the sentinel), kiosks silent for more than 10 minutes and, for a super admin, credential alerts and failing
// integrations. Each entry's id is a hash of what it is about and when, so the same problem keeps
// its id and a new occurrence (the kiosk goes offline again) gets a new one. An admin marks an entry
// resolved (error_resolutions); some resolve themselves (a later e-mail went out, a credential works).
import {
  CREDENTIAL_ALERT_CODES,
  ERROR_LOG_MESSAGES,
  INTEGRATION_KINDS,
  type ErrorEntry,
  type ErrorKind,
  type ErrorLogQuery,
} from '@courtreplay/shared';
import { createHash } from 'node:crypto';
import type { AppDeps } from '../app-env.ts';
import { venueScope, type SessionAdmin } from '../auth/venue-access.ts';
import type { Db } from '../db/database.ts';
import { devicesFor, OFFLINE_ALERT_MS } from '../devices/service.ts';
import { notFound } from '../errors.ts';
import { cameraOutageEntries, recorderAlertEntries } from '../recorders/errors.ts';
import {
  countUndeliveredIn,
  credentialAlertRows,
  failuresInScope,
  integrationsThatFailed,
  lateSettlementsInScope,
  parkedPurchasesInScope,
  recordResolution,
  resolutionsOf,
  reversalEventsOf,
  reversedPurchasesInScope,
  undeliveredInScope,
  unconfirmedWhatsappInScope,
  whatsappEventsOf,
  whatsappFailuresInScope,
  type PlaceScope,
} from './queries.ts';
import type { ErrorDraft as Draft } from './draft.ts';

const UNKNOWN_VENUE = 'Unknown Venue';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

interface Scope extends PlaceScope {
  /** Problems of the whole install (credentials, integrations): super admins only, without a venue filter. */
  install: boolean;
}

const entryId = (key: string): string => createHash('sha256').update(key).digest('base64url').slice(0, 22);

const detailOf = (json: string | null): Record<string, unknown> => (json ? (JSON.parse(json) as Record<string, unknown>) : {});
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const count = (value: unknown): number => (typeof value === 'number' ? value : 0);

async function parkedPurchases(db: Db, scope: Scope): Promise<Draft[]> {
  return (await parkedPurchasesInScope(db, scope)).map((p) => ({
    key: `parked:${p.id}:${p.parkedAt}`,
    kind: 'parked_purchase',
    at: p.parkedAt,
    venueId: p.venueId,
    venueName: p.venueName ?? UNKNOWN_VENUE,
    deviceId: p.deviceId,
    deviceName: p.deviceName,
    transactionId: null,
    facts: { reason: p.reason, status: p.status, email: p.email, clips: p.videoCount, amount: p.totalAmount },
  }));
}

/**
 * Failed e-mails and uploads from the purchase history. Either is over once an e-mail went out
 * after it (the player has the link), or once the player's data was erased.
 */
async function deliveryFailures(db: Db, scope: Scope): Promise<Draft[]> {
  const rows = await failuresInScope(db, scope, ['email_failed', 'upload_failed'], { kind: 'email_sent', sameInstant: true });
  return rows.map((row): Draft => {
    const detail = detailOf(row.detail);
    const place = {
      key: `event:${row.id}`,
      at: row.at,
      venueId: row.venueId,
      venueName: row.venueName ?? UNKNOWN_VENUE,
      deviceId: row.deviceId,
      deviceName: row.deviceName,
      transactionId: row.purchaseId,
      resolvedItselfAt: row.settledAt ?? row.erasedAt,
    };
    const reason = text(detail.reason) ?? null;
    return row.kind === 'email_failed'
      ? { ...place, kind: 'email_failed', facts: { to: row.erasedAt ? null : (text(detail.to) ?? null), reason } }
      : { ...place, kind: 'upload_failed', facts: { uploaded: count(detail.clip), clips: count(detail.clips), reason } };
  });
}

type WhatsappEvent = { kind: string; at: string; detail: Record<string, unknown> };

/** The purchases' WhatsApp events, by purchase, oldest first. */
async function whatsappHistories(db: Db, purchaseIds: string[]): Promise<Map<string, WhatsappEvent[]>> {
  const byPurchase = new Map<string, WhatsappEvent[]>();
  for (const row of await whatsappEventsOf(db, [...new Set(purchaseIds)])) {
    const list = byPurchase.get(row.purchaseId) ?? [];
    list.push({ kind: row.kind, at: row.at, detail: detailOf(row.detail) });
    byPurchase.set(row.purchaseId, list);
  }
  return byPurchase;
}

/**
 * When another message went out after the failed one was sent: a send the Cloud API accepted (an
 * id), handed over after the failed message was (or after the failure, for a send refused at once).
 * Meta stamps statuses in whole seconds, so a failure is never compared with our own send's instant.
 */
function laterMessageAt(history: WhatsappEvent[], failure: { at: string; detail: Record<string, unknown> }): string | null {
  const failedId = text(failure.detail.messageId);
  const failedSentAt = (failedId && history.find((e) => e.kind === 'whatsapp_sent' && e.detail.messageId === failedId)?.at) || failure.at;
  const later = history.find(
    (e) =>
      e.kind === 'whatsapp_sent' &&
      typeof e.detail.messageId === 'string' &&
      e.detail.messageId !== '' &&
      e.detail.messageId !== failedId &&
      e.detail.unconfirmed === undefined &&
      e.at > failedSentAt,
  );
  return later?.at ?? null;
}

/**
 * WhatsApp messages that could not be sent or that Meta reported failed, with Meta's
 * error in plain words. Over once another message went out after the failed one, or the data was erased.
 */
async function whatsappFailures(db: Db, scope: Scope): Promise<Draft[]> {
  const rows = await whatsappFailuresInScope(db, scope);
  const histories = await whatsappHistories(
    db,
    rows.map((r) => r.purchaseId),
  );
  return rows.map((row): Draft => {
    const detail = detailOf(row.detail);
    const settledAt = laterMessageAt(histories.get(row.purchaseId) ?? [], { at: row.at, detail });
    const to = row.erasedAt ? null : (text(detail.to) ?? null);
    return {
      key: `event:${row.id}`,
      kind: 'whatsapp_failed',
      at: row.at,
      venueId: row.venueId,
      venueName: row.venueName ?? UNKNOWN_VENUE,
      deviceId: row.deviceId,
      deviceName: row.deviceName,
      transactionId: row.purchaseId,
      facts: { to, reason: text(detail.reason) ?? null },
      resolvedItselfAt: settledAt ?? row.erasedAt,
    };
  });
}

/**
 * WhatsApp messages handed over without an answer (a timeout, a dropped connection, a stop while
 * sending) and not confirmed by a sent, delivered or read status within 10 minutes: the player may
 * not have them, and they are never sent again by themselves. Over once a status settles the doubt
 * (a failure is then listed as whatsapp_failed), another message goes out, or the data is erased.
 */
async function unconfirmedWhatsapp(deps: Deps, scope: Scope): Promise<Draft[]> {
  const cutoff = new Date(deps.clock.now().getTime() - UNDELIVERED_AFTER_MS).toISOString();
  const rows = await unconfirmedWhatsappInScope(deps.db, scope, cutoff);
  const histories = await whatsappHistories(
    deps.db,
    rows.map((r) => r.purchaseId),
  );
  return rows.map((row): Draft => {
    const detail = detailOf(row.detail);
    const history = histories.get(row.purchaseId) ?? [];
    const settled = history.find(
      (e) =>
        (e.kind !== 'whatsapp_sent' && e.detail.confirms === row.at) ||
        (e.kind === 'whatsapp_sent' && e.at > row.at && typeof e.detail.messageId === 'string' && e.detail.messageId !== ''),
    );
    const settledAt = settled ? (text(settled.detail.receivedAt) ?? settled.at) : null;
    const to = row.erasedAt ? null : (text(detail.to) ?? null);
    return {
      key: `event:${row.id}`,
      kind: 'whatsapp_unconfirmed',
      at: new Date(Date.parse(row.at) + UNDELIVERED_AFTER_MS).toISOString(),
      venueId: row.venueId,
      venueName: row.venueName ?? UNKNOWN_VENUE,
      deviceId: row.deviceId,
      deviceName: row.deviceName,
      transactionId: row.purchaseId,
      facts: { to, minutes: UNDELIVERED_AFTER_MS / 60_000 },
      resolvedItselfAt: settledAt ?? row.erasedAt,
    };
  });
}

async function reversedPayments(db: Db, scope: Scope): Promise<Draft[]> {
  const rows = await reversedPurchasesInScope(db, scope);
  const details = await reversalDetails(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((p): Draft => {
    const detail = details.get(p.id);
    return {
      key: `reversal:${p.id}:${p.paymentReversedAt}`,
      kind: 'payment_reversed',
      // The newest reversal's time: a further refund brings the entry back up.
      at: detail?.at ?? p.paymentReversedAt!,
      venueId: p.venueId,
      venueName: p.venueName ?? UNKNOWN_VENUE,
      deviceId: p.deviceId,
      deviceName: p.deviceName,
      transactionId: p.id,
      facts: {
        amount: p.totalAmount,
        reversal: p.paymentReversal ?? 'failed',
        detail: detail ? { kind: detail.kind, amount: detail.amount } : null,
      },
    };
  });
}

/** Each purchase's newest recorded reversal (which one and how much), from its history. */
async function reversalDetails(db: Db, ids: string[]) {
  const newest = new Map<string, { at: string; kind: string; amount: number | null }>();
  for (const row of await reversalEventsOf(db, ids)) {
    const detail = detailOf(row.detail);
    const kind = text(detail.reversal);
    if (kind) newest.set(row.purchaseId, { at: row.at, kind, amount: typeof detail.amount === 'number' ? detail.amount : null });
  }
  return newest;
}

/**
 * Payments the provider settled late: past the payment window and its grace, or taking a promo use
 * over the quota (the player paid with the discount, so it is honoured). A settlement of a purchase
 * the kiosk had closed, inside the window, is how things should go and is not listed.
 */
async function lateSettlements(db: Db, scope: Scope): Promise<Draft[]> {
  return (await lateSettlementsInScope(db, scope)).flatMap((row): Draft[] => {
    const detail = detailOf(row.detail);
    const afterWindow = detail.afterWindow === true;
    const overQuota = detail.promoOverQuota === true;
    if (!afterWindow && !overQuota) return [];
    return [
      {
        key: `event:${row.id}`,
        kind: 'late_settlement',
        at: row.at,
        venueId: row.venueId,
        venueName: row.venueName ?? UNKNOWN_VENUE,
        deviceId: row.deviceId,
        deviceName: row.deviceName,
        transactionId: row.purchaseId,
        facts: {
          amount: row.totalAmount,
          previous: text(detail.previous) ?? 'pending',
          afterWindow,
          promoOverQuota: overQuota ? (text(detail.promoCode) ?? '?') : null,
        },
      },
    ];
  });
}

/** How long a paid (or free) purchase may take to be delivered (link saved, e-mail sent) before Errors lists it. */
export const UNDELIVERED_AFTER_MS = 10 * 60_000;

/**
 * The sentinel: paid or free purchases not delivered (no e-mail sent) 10 minutes after they were
 * paid, whatever the reason (the kiosk never uploaded, the e-mail is still retrying or was never
 * started). An e-mail that failed for good is listed as email_failed instead. Resolves itself when
 * the e-mail goes out; marking it resolved runs the delivery again (error-log/routes.ts).
 */
async function undeliveredPurchases(deps: Deps, scope: Scope): Promise<Draft[]> {
  const cutoff = new Date(deps.clock.now().getTime() - UNDELIVERED_AFTER_MS).toISOString();
  return (await undeliveredInScope(deps.db, scope, cutoff)).map((p): Draft => {
    const at = new Date(Date.parse(p.paidAt ?? p.createdAt) + UNDELIVERED_AFTER_MS).toISOString();
    return {
      key: `undelivered:${p.id}`,
      kind: 'undelivered',
      at,
      venueId: p.venueId,
      venueName: p.venueName ?? UNKNOWN_VENUE,
      deviceId: p.deviceId,
      deviceName: p.deviceName,
      transactionId: p.id,
      facts: { amount: p.totalAmount, minutes: UNDELIVERED_AFTER_MS / 60_000, missing: missingChannel(p) },
    };
  });
}

/**
 * What an undelivered purchase is missing: with an address, the clips' link and then the e-mail;
 * with only a WhatsApp number, the message (it does not wait for the link) and then the clips.
 */
function missingChannel(p: {
  email: string;
  phone: string | null;
  zipUrl: string | null;
  whatsappStatus: string | null;
}): 'clips' | 'email' | 'whatsapp' {
  if (p.email) return p.zipUrl ? 'email' : 'clips';
  return p.phone && p.whatsappStatus === null ? 'whatsapp' : 'clips';
}

/** The sentinel's count for the dashboard: undelivered purchases made in the report's venue, court, range and staging scope. */
export async function countUndelivered(
  deps: Pick<Deps, 'db' | 'clock'>,
  filter: { venueId?: number; fieldId?: number; from?: string; to?: string; includeStaging: boolean },
): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - UNDELIVERED_AFTER_MS).toISOString();
  return countUndeliveredIn(deps.db, cutoff, filter);
}

const install = { venueId: null, venueName: null, deviceId: null, deviceName: null, transactionId: null } as const;

/** Credential alerts, open and past (they end by themselves when the service works again). */
async function credentialAlerts(db: Db): Promise<Draft[]> {
  const rows = await credentialAlertRows(db);
  return rows.flatMap((a): Draft[] => {
    const code = CREDENTIAL_ALERT_CODES.find((known) => known === a.code);
    if (!code) return [];
    return [
      {
        ...install,
        key: `alert:${a.code}:${a.firstAt}`,
        kind: 'credential_alert',
        at: a.firstAt,
        facts: { code, message: a.message },
        resolvedItselfAt: a.resolvedAt,
      },
    ];
  });
}

/** Each service whose last call failed (after its last success). */
async function failingIntegrations(db: Db): Promise<Draft[]> {
  const rows = await integrationsThatFailed(db);
  return rows
    .filter((s) => s.lastSuccessAt === null || s.lastErrorAt! > s.lastSuccessAt)
    .flatMap((s): Draft[] => {
      const service = INTEGRATION_KINDS.find((kind) => kind === s.kind);
      if (!service) return [];
      return [
        {
          ...install,
          key: `integration:${s.kind}:${s.lastErrorAt}`,
          kind: 'integration_failure',
          at: s.lastErrorAt!,
          facts: { service, message: s.lastErrorMessage ?? '' },
        },
      ];
    });
}

/** Authorised kiosks silent for more than 10 minutes, judged now (one entry per outage). */
async function offlineKiosks(deps: Deps, admin: SessionAdmin, scope: Scope): Promise<Draft[]> {
  const devices = await devicesFor(deps, admin, scope.venueId ?? undefined);
  return devices
    .filter((d) => d.offlineAlert && (scope.includeStaging || !d.staging))
    .map((d): Draft => ({
      key: `offline:${d.deviceId}:${d.lastSeenAt}`,
      kind: 'kiosk_offline',
      at: d.lastSeenAt!,
      venueId: d.venueId,
      venueName: d.venueName,
      deviceId: d.deviceId,
      deviceName: d.name,
      transactionId: null,
      facts: { minutes: OFFLINE_ALERT_MS / 60_000 },
    }));
}

interface Source {
  /** The kinds of entry it gives. */
  kinds: readonly ErrorKind[];
  read: (deps: Deps, admin: SessionAdmin, scope: Scope) => Promise<Draft[]>;
}

const SOURCES: readonly Source[] = [
  { kinds: ['parked_purchase'], read: (deps, _admin, scope) => parkedPurchases(deps.db, scope) },
  { kinds: ['upload_failed', 'email_failed'], read: (deps, _admin, scope) => deliveryFailures(deps.db, scope) },
  { kinds: ['whatsapp_failed'], read: (deps, _admin, scope) => whatsappFailures(deps.db, scope) },
  { kinds: ['whatsapp_unconfirmed'], read: (deps, _admin, scope) => unconfirmedWhatsapp(deps, scope) },
  { kinds: ['payment_reversed'], read: (deps, _admin, scope) => reversedPayments(deps.db, scope) },
  { kinds: ['late_settlement'], read: (deps, _admin, scope) => lateSettlements(deps.db, scope) },
  { kinds: ['undelivered'], read: (deps, _admin, scope) => undeliveredPurchases(deps, scope) },
  { kinds: ['credential_alert'], read: async (deps, _admin, scope) => (scope.install ? credentialAlerts(deps.db) : []) },
  { kinds: ['integration_failure'], read: async (deps, _admin, scope) => (scope.install ? failingIntegrations(deps.db) : []) },
  { kinds: ['kiosk_offline'], read: offlineKiosks },
  {
    kinds: ['camera_offline', 'camera_password', 'clips_failing'],
    read: (deps, _admin, scope) => cameraOutageEntries(deps, scope.venueId),
  },
  { kinds: ['recorder_alert'], read: (deps, _admin, scope) => recorderAlertEntries(deps, scope.venueId) },
];

async function resolutions(db: Db, ids: string[]) {
  return new Map((await resolutionsOf(db, ids)).map((r) => [r.entryId, r]));
}

/** The admin's error log for the query, newest first. */
export async function listErrors(deps: Deps, admin: SessionAdmin, query: ErrorLogQuery): Promise<ErrorEntry[]> {
  const fixedVenue = venueScope(admin);
  const scope: Scope = {
    venueId: fixedVenue ?? query.venueId ?? null,
    install: fixedVenue === null && query.venueId === undefined,
    includeStaging: query.includeStaging === 'true',
  };
  const asked = SOURCES.filter((source) => !query.kind || source.kinds.includes(query.kind));
  const drafts = (await Promise.all(asked.map((source) => source.read(deps, admin, scope))))
    .flat()
    .filter((d) => !query.kind || d.kind === query.kind);
  const withIds = drafts.map((d) => ({ ...d, id: entryId(d.key) }));
  const marked = await resolutions(
    deps.db,
    withIds.map((d) => d.id),
  );
  const entries: ErrorEntry[] = withIds.map(({ key: _key, resolvedItselfAt, ...d }) => {
    const mark = marked.get(d.id);
    return {
      ...d,
      resolvedAt: mark?.resolvedAt ?? resolvedItselfAt ?? null,
      resolvedBy: mark?.adminEmail ?? null,
    };
  });
  const wanted = entries.filter((e) => query.status === 'all' || (query.status === 'resolved') === (e.resolvedAt !== null));
  return wanted.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id.localeCompare(b.id)));
}

/**
 * Marks an entry the admin can see resolved, with who and when. An entry already resolved (by an
 * admin or by itself) is answered as it is.
 */
export async function resolveError(deps: Deps, admin: SessionAdmin, id: string): Promise<{ entry: ErrorEntry; changed: boolean }> {
  const entry = (await listErrors(deps, admin, { status: 'all', includeStaging: 'true' })).find((e) => e.id === id);
  if (!entry) throw notFound(ERROR_LOG_MESSAGES.notFound);
  if (entry.resolvedAt !== null) return { entry, changed: false };
  const resolvedAt = deps.clock.now().toISOString();
  const stored = await recordResolution(deps.db, { entryId: id, resolvedAt, adminId: admin.id, adminEmail: admin.email });
  return { entry: { ...entry, resolvedAt: stored.resolvedAt, resolvedBy: stored.adminEmail }, changed: stored.resolvedAt === resolvedAt };
}
