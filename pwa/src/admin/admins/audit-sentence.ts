// Issue 24 point 7: an audit entry read as a sentence an operator understands at a glance
// ("Price: Rp 20.000 → Rp 25.000, by admin@club.id, at 22/11/2026 14:05"), never raw JSON.
import { MESSAGES, STAGING_KEY_SUFFIX, formatRupiah, parsePromoTable, type AdminMessages, type AuditEntry } from '@courtreplay/shared';

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

/** What changed, field by field ('name: Court 1 → Court A'), or what was set when there was nothing before. */
function fieldChanges(entry: AuditEntry, T: AuditWords): string {
  const { before, after } = entry;
  if (isRecord(after) && isRecord(before)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
    );
    return keys.map((k) => `${k}: ${plain(before[k], T)} → ${plain(after[k], T)}`).join('; ');
  }
  if (isRecord(after)) return plain(after, T);
  if (after !== null && after !== undefined) return `${plain(before, T)} → ${plain(after, T)}`;
  if (isRecord(before)) return plain(before, T);
  return '';
}

/** The change alone, e.g. 'Price: Rp 20.000 → Rp 25.000' or 'Court changed (field 3): name: Court 1 → Court A'. */
export function auditChange(entry: AuditEntry, T: AuditWords = MESSAGES.admins): string {
  if (entry.action === 'config.update') return configChange(entry, T);
  const what = T.auditActions[entry.action] ?? entry.action;
  const item = entry.entityId === null ? '' : ` (${entry.entity} ${entry.entityId})`;
  const details = fieldChanges(entry, T);
  return details ? `${what}${item}: ${details}` : `${what}${item}`;
}

/** The whole sentence: the change, who made it and when (`when` formatted by the caller). */
export function auditSentence(entry: AuditEntry, when: string, T: AuditWords = MESSAGES.admins): string {
  return T.auditSentence(auditChange(entry, T), entry.adminEmail, when);
}
