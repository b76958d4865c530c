// What the Integrations panel and the Errors tab know about the three outside services: for each
// of payments, storage and mail, the last success and the last error with its time, and the
// credential alerts (a revoked Google token, a wrong Midtrans key, a refused SMTP login) that an
// operator must act on. Adapters report here; they never decide how it is shown.
import type { CredentialAlertCode } from '@courtreplay/shared';
import type { Logger } from 'pino';
import type { Clock } from '../adapters/ports.ts';

export type IntegrationKind = 'payments' | 'storage' | 'mail' | 'whatsapp';

export type { CredentialAlertCode };

export interface CredentialAlert {
  code: CredentialAlertCode;
  /** What the operator should do, in plain words. */
  advice: string;
}

export interface IntegrationStatus {
  lastSuccessAt: Date | undefined;
  lastError: { message: string; at: Date; alert?: CredentialAlert } | undefined;
}

/**
 * Alerts about a condition of the service rather than a credential (the domain forbids public
 * sharing, the Drive is full): a working call of another kind does not end them, only resolve().
 */
export const CONDITION_ALERTS: ReadonlySet<CredentialAlertCode> = new Set(['google_sharing_restricted', 'google_storage_full']);

export interface IntegrationHealth {
  succeeded(kind: IntegrationKind): void;
  failed(kind: IntegrationKind, message: string, alert?: CredentialAlert): void;
  /** Opens an alert (shown and logged once) for something that works but not as it should. */
  noticed(kind: IntegrationKind, message: string, alert: CredentialAlert): void;
  /** Ends an open condition alert: its condition is over. */
  resolve(code: CredentialAlertCode): void;
  status(kind: IntegrationKind): IntegrationStatus;
}

/** Kept in memory, logged once per new credential alert. */
export class MemoryIntegrationHealth implements IntegrationHealth {
  private readonly states = new Map<IntegrationKind, IntegrationStatus>();
  private readonly alerted = new Set<CredentialAlertCode>();

  constructor(
    private readonly clock: Clock,
    private readonly logger?: Logger,
  ) {}

  succeeded(kind: IntegrationKind): void {
    this.states.set(kind, { ...this.status(kind), lastSuccessAt: this.clock.now() });
  }

  failed(kind: IntegrationKind, message: string, alert?: CredentialAlert): void {
    this.states.set(kind, { ...this.status(kind), lastError: { message, at: this.clock.now(), ...(alert ? { alert } : {}) } });
    if (alert && !this.alerted.has(alert.code)) {
      this.alerted.add(alert.code);
      this.logger?.error({ integration: kind, alert: alert.code }, `${message}. ${alert.advice}`);
    }
  }

  noticed(kind: IntegrationKind, message: string, alert: CredentialAlert): void {
    if (this.alerted.has(alert.code)) return;
    this.alerted.add(alert.code);
    this.logger?.warn({ integration: kind, alert: alert.code }, `${message}. ${alert.advice}`);
  }

  resolve(code: CredentialAlertCode): void {
    this.alerted.delete(code);
  }

  status(kind: IntegrationKind): IntegrationStatus {
    return this.states.get(kind) ?? { lastSuccessAt: undefined, lastError: undefined };
  }
}
