// An audit entry read as a sentence an operator understands at a glance
// ("Price: Rp 20.000 → Rp 25.000, by admin@club.id, at 22/11/2026 14:05"), never raw JSON.
import {
  MESSAGES,
  STAGING_KEY_SUFFIX,
  formatDateTime24,
  formatRupiah,
  parsePromoTable,
  type AdminMessages,
  type AuditEntry,
} from '@courtreplay/shared';

type AuditWords = AdminMessages['admins'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One stored value in words: yes/no, a list joined by commas, a nested object as 'field: value'. */
function plain(value: unknown, T: AuditWords): string {
  if (value === null || value === undefined || value === '') return T.auditNotSet;
  if (typeof value === 'boolean') return value ? T.auditYes : T.auditNo;
  if (Array.isArray(value)) return value.map((v) => plain(v, T)).join(', ');
  if (isRecord(value))
    return Object.entries(value)
      .map(([k, v]) => `${k} ${plain(v, T)}`)
      .join(', ');
  return String(value);
}

/** A configuration value as the Product and CMS tabs show it. */
function configValueText(baseKey: string, value: unknown, T: AuditWords): string {
  if (value === null || value === undefined || value === '') return T.auditNotSet;
  const text = String(value);
  if (baseKey === 'DEFAULT_PRICE' && /^\d+$/.test(text)) return formatRupiah(Number(text));
  if (baseKey === 'ENABLE_PAYMENT_GATEWAY') return text === 'false' ? T.auditOff : T.auditOn;
  if (baseKey === 'PROMO_TABLE') {
    const tiers = parsePromoTable(text);
    return tiers.length === 0 ? T.auditNoTiers : tiers.map((t) => T.auditTier(t.QUANTITY, formatRupiah(t.PRICE), t.ENABLED)).join(', ');
  }
  return text;
}

function configLabel(key: string, T: AuditWords): { label: string; base: string } {
  const staging = key.endsWith(STAGING_KEY_SUFFIX);
  const base = staging ? key.slice(0, -STAGING_KEY_SUFFIX.length) : key;
  const label = T.auditConfigLabels[base] ?? base;
  return { label: staging ? T.auditStaging(label) : label, base };
}

/** 'Price: Rp 20.000 → Rp 25.000; Payment gateway: on → off' for a configuration change. */
function configChange(entry: AuditEntry, T: AuditWords): string {
  const before = isRecord(entry.before) ? entry.before : {};
  const after = isRecord(entry.after) ? entry.after : {};
  const keys = Object.keys(after).length > 0 ? Object.keys(after) : Object.keys(before);
  return keys
    .map((key) => {
      const { label, base } = configLabel(key, T);
      return `${label}: ${configValueText(base, before[key], T)} → ${configValueText(base, after[key], T)}`;
    })
    .join('; ');
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A field's value as the screens show it: amounts in rupiah, percentages with %, instants in venue time. */
function fieldValue(key: string, value: unknown, T: AuditWords): string {
  if (typeof value === 'number' && /amount|price|discount/i.test(key)) return formatRupiah(value);
  if (typeof value === 'number' && key === 'percent') return `${value}%`;
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatDateTime24(value);
  return plain(value, T);
}

const fieldsOf = (record: Record<string, unknown>, T: AuditWords) =>
  Object.entries(record)
    .map(([k, v]) => `${k} ${fieldValue(k, v, T)}`)
    .join(', ');

/** What changed, field by field ('name: Court 1 → Court A'), or what was set when there was nothing before. */
function fieldChanges(entry: AuditEntry, T: AuditWords): string {
  const { before, after } = entry;
  if (isRecord(after) && isRecord(before)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
    );
    return keys.map((k) => `${k}: ${fieldValue(k, before[k], T)} → ${fieldValue(k, after[k], T)}`).join('; ');
  }
  if (isRecord(after)) return fieldsOf(after, T);
  if (after !== null && after !== undefined) return `${plain(before, T)} → ${plain(after, T)}`;
  if (isRecord(before)) return fieldsOf(before, T);
  return '';
}

/** A venue's name by id (undefined: not known, e.g. deleted since). */
export type VenueNames = (venueId: number) => string | undefined;

/** Prices, tiers and promo codes apply to one venue or to all: their entries say which. */
const SCOPED = /^(config|promo)\./;

/** The change alone, e.g. 'Price (all venues): Rp 20.000 → Rp 25.000' or 'Court changed (field 3): name: Court 1 → Court A'. */
export function auditChange(entry: AuditEntry, T: AuditWords = MESSAGES.admins, venues: VenueNames = () => undefined): string {
  const scope = entry.venueId === null ? T.auditAllVenues : (venues(entry.venueId) ?? `venue ${entry.venueId}`);
  const scoped = (text: string) => (SCOPED.test(entry.action) ? T.auditScoped(text, scope) : text);
  if (entry.action === 'config.update') {
    const [first, ...rest] = configChange(entry, T).split(': ');
    return [scoped(first ?? ''), ...rest].join(': ');
  }
  const what = T.auditActions[entry.action] ?? entry.action;
  const item = entry.entityId === null ? '' : ` (${entry.entity} ${entry.entityId})`;
  const details = fieldChanges(entry, T);
  const head = scoped(`${what}${item}`);
  return details ? `${head}: ${details}` : head;
}

/** The whole sentence: the change, who made it and when (`when` formatted by the caller, in venue time). */
export function auditSentence(entry: AuditEntry, when: string, T: AuditWords = MESSAGES.admins, venues?: VenueNames): string {
  return T.auditSentence(auditChange(entry, T, venues), entry.adminEmail, when);
}
