// IntegrationHealth kept in the database (migration 011), so the Integrations panel and the Errors
// tab still know after a restart what failed, and a credential alert is shown and logged once, not
// again at every start or every failed send. Adapters report synchronously (the port on main is
// sync): the state lives in memory, loaded at start-up, and each change is written behind in order.
import type { Logger } from 'pino';
import type { Clock } from '../adapters/ports.ts';
import type { Db } from '../db/database.ts';
import { integrationStatusRows, openAlertRows, resolveAlerts, saveAlertRow, saveStatusRow } from './queries.ts';
import {
  CONDITION_ALERTS,
  type CredentialAlert,
  type CredentialAlertCode,
  type IntegrationHealth,
  type IntegrationKind,
  type IntegrationStatus,
} from './health.ts';

export interface OpenAlert extends CredentialAlert {
  integration: IntegrationKind;
  message: string;
  firstAt: Date;
  lastAt: Date;
}

export class StoredIntegrationHealth implements IntegrationHealth {
  private writes: Promise<void> = Promise.resolve();

  private constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly logger: Logger | undefined,
    private readonly states: Map<IntegrationKind, IntegrationStatus>,
    private readonly open: Map<CredentialAlertCode, OpenAlert>,
  ) {}

  static async load(db: Db, clock: Clock, logger?: Logger): Promise<StoredIntegrationHealth> {
    const states = new Map<IntegrationKind, IntegrationStatus>();
    for (const row of await integrationStatusRows(db)) {
      states.set(row.kind as IntegrationKind, {
        lastSuccessAt: row.lastSuccessAt ? new Date(row.lastSuccessAt) : undefined,
        lastError: row.lastErrorAt ? { message: row.lastErrorMessage ?? '', at: new Date(row.lastErrorAt) } : undefined,
      });
    }
    const open = new Map<CredentialAlertCode, OpenAlert>();
    for (const row of await openAlertRows(db)) {
      open.set(row.code as CredentialAlertCode, {
        code: row.code as CredentialAlertCode,
        advice: row.advice,
        integration: row.integration as IntegrationKind,
        message: row.message,
        firstAt: new Date(row.firstAt),
        lastAt: new Date(row.lastAt),
      });
    }
    return new StoredIntegrationHealth(db, clock, logger, states, open);
  }

  succeeded(kind: IntegrationKind): void {
    const now = this.clock.now();
    this.states.set(kind, { ...this.status(kind), lastSuccessAt: now });
    // A working call proves the credentials were fixed: the alerts of that integration end (not a
    // condition such as a full Drive, which a working call of another kind does not disprove).
    const resolved = [...this.open.values()].filter((a) => a.integration === kind && !CONDITION_ALERTS.has(a.code)).map((a) => a.code);
    resolved.forEach((code) => this.open.delete(code));
    this.write(async () => {
      await this.saveStatus(kind);
      if (resolved.length > 0) await this.saveResolved(resolved, now);
    });
  }

  noticed(kind: IntegrationKind, message: string, alert: CredentialAlert): void {
    const now = this.clock.now();
    const known = this.open.get(alert.code);
    if (known) {
      known.lastAt = now;
    } else {
      this.open.set(alert.code, { ...alert, integration: kind, message, firstAt: now, lastAt: now });
      this.logger?.warn({ integration: kind, alert: alert.code }, `${message}. ${alert.advice}`);
    }
    this.write(() => this.saveAlert(this.open.get(alert.code)!));
  }

  resolve(code: CredentialAlertCode): void {
    if (!this.open.delete(code)) return;
    const now = this.clock.now();
    this.write(() => this.saveResolved([code], now));
  }

  private async saveResolved(codes: CredentialAlertCode[], now: Date): Promise<void> {
    await resolveAlerts(this.db, codes, now.toISOString());
  }

  failed(kind: IntegrationKind, message: string, alert?: CredentialAlert): void {
    const now = this.clock.now();
    this.states.set(kind, { ...this.status(kind), lastError: { message, at: now, ...(alert ? { alert } : {}) } });
    const known = alert ? this.open.get(alert.code) : undefined;
    if (alert && !known) {
      this.open.set(alert.code, { ...alert, integration: kind, message, firstAt: now, lastAt: now });
      this.logger?.error({ integration: kind, alert: alert.code }, `${message}. ${alert.advice}`);
    } else if (known) {
      known.lastAt = now;
    }
    this.write(async () => {
      await this.saveStatus(kind);
      if (alert) await this.saveAlert(this.open.get(alert.code)!);
    });
  }

  status(kind: IntegrationKind): IntegrationStatus {
    return this.states.get(kind) ?? { lastSuccessAt: undefined, lastError: undefined };
  }

  /** The credential alerts not yet resolved, oldest first. */
  alerts(): OpenAlert[] {
    return [...this.open.values()].sort((a, b) => a.firstAt.getTime() - b.firstAt.getTime());
  }

  /** Resolves when every reported change is in the database (tests, shutdown). */
  async flush(): Promise<void> {
    await this.writes;
  }

  private write(job: () => Promise<void>): void {
    this.writes = this.writes.then(job).catch((err: unknown) => this.logger?.error({ err }, 'could not store the integration health'));
  }

  private async saveStatus(kind: IntegrationKind): Promise<void> {
    const s = this.status(kind);
    await saveStatusRow(this.db, kind, {
      lastSuccessAt: s.lastSuccessAt?.toISOString() ?? null,
      lastErrorAt: s.lastError?.at.toISOString() ?? null,
      lastErrorMessage: s.lastError?.message ?? null,
    });
  }

  private async saveAlert(a: OpenAlert): Promise<void> {
    await saveAlertRow(this.db, a.code, {
      integration: a.integration,
      message: a.message,
      advice: a.advice,
      firstAt: a.firstAt.toISOString(),
      lastAt: a.lastAt.toISOString(),
      resolvedAt: null,
    });
  }
}
