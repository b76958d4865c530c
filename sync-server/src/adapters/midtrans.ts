// The real payment provider: Midtrans Snap. Sandbox for staging purchases, production for live.
// Every call goes through outboundFetch (a timeout well under Midtrans' 15 s notification limit and
// the kiosk's patience); status GETs are retried, the Snap create POST only when provably
// unprocessed. The official client does not verify notification signatures; we do.
import { INTEGRATION_MESSAGES, SERVER_MESSAGES } from '@courtreplay/shared';
import { randomBytes } from 'node:crypto';
import { DomainError } from '../errors.ts';
import type { CredentialAlert, IntegrationHealth } from '../integrations/health.ts';
import { OutboundHttpError, outboundFetch, retryAfterMs } from './outbound-http.ts';
import { midtransOutcome, verifyMidtransSignature } from './payment-signature.ts';
import {
  ProviderRateLimitedError,
  type CreatePaymentInput,
  type EndedPayment,
  type IntegrationTestResult,
  type PaymentNotification,
  type PaymentProvider,
  type ProviderStatus,
  type ProviderStatusDetail,
  type ReversalKind,
} from './ports.ts';

export interface MidtransKeys {
  serverKey: string | undefined;
  clientKey: string | undefined;
}

export interface MidtransOptions {
  live: MidtransKeys;
  sandbox: MidtransKeys;
  /** Injectable so tests (and pre-production checks) reach an imitation speaking Midtrans' protocol. */
  baseUrls?: Partial<MidtransBaseUrls>;
  /** Snap's enabled_payments; methods that need a redirect trap a kiosk browser, so keep them out. */
  enabledPayments?: readonly string[];
  /** Snap's expiry: how long the player has to pay once the Snap page is open. */
  expiryMinutes?: number;
  /** Where Snap sends the browser after a redirect-type payment: the kiosk's payment result page. */
  finishUrl?: string;
  health?: IntegrationHealth;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Injected by tests so retry waits take no wall-clock time. */
  sleep?: (ms: number) => Promise<void>;
}

export interface MidtransBaseUrls {
  snapLive: string;
  snapSandbox: string;
  apiLive: string;
  apiSandbox: string;
}

export const MIDTRANS_BASE_URLS: MidtransBaseUrls = {
  snapLive: 'https://app.midtrans.com',
  snapSandbox: 'https://app.sandbox.midtrans.com',
  apiLive: 'https://api.midtrans.com',
  apiSandbox: 'https://api.sandbox.midtrans.com',
};

/** QRIS, the e-wallets that show a QR on a kiosk screen, and cards (3-D Secure opens in Snap's own frame). */
export const DEFAULT_ENABLED_PAYMENTS = ['other_qris', 'gopay', 'shopeepay', 'credit_card'] as const;
/**
 * On the player's own phone: the e-wallets that open their app and come back (GoPay, ShopeePay,
 * DANA), QRIS (paid from a saved image of the code) and cards.
 */
export const PHONE_ENABLED_PAYMENTS = ['gopay', 'shopeepay', 'dana', 'other_qris', 'credit_card'] as const;
export const DEFAULT_EXPIRY_MINUTES = 15;
/** Per attempt: Midtrans drops a notification after 15 s, and the kiosk must hear back within ~10 s. */
export const MIDTRANS_TIMEOUT_MS = 8_000;

interface StatusBody {
  status_code?: string;
  status_message?: string;
  transaction_status?: string;
  fraud_status?: string;
  gross_amount?: string;
  /** After a refund: the total refunded so far ("5000.00"), and each refund. */
  refund_amount?: string;
  refunds?: { refund_amount?: string }[];
}

const REVERSAL_KINDS: readonly ReversalKind[] = [
  'refund',
  'partial_refund',
  'chargeback',
  'partial_chargeback',
  'deny',
  'cancel',
  'expire',
];

/** Rupiah from Midtrans' amount text ("5000.00"); null when absent or not a number. */
const rupiah = (text: string | undefined): number | null => {
  const n = Number(text);
  return text !== undefined && text !== '' && Number.isFinite(n) ? Math.round(n) : null;
};

/** How much a refund or chargeback gave back: refund_amount, else the sum of refunds, else (a full one) the gross amount. */
function reversalAmount(kind: ReversalKind, body: StatusBody): number | null {
  if (kind === 'deny' || kind === 'cancel' || kind === 'expire') return null;
  const total = rupiah(body.refund_amount);
  if (total !== null) return total;
  const each = (body.refunds ?? []).map((r) => rupiah(r.refund_amount)).filter((n): n is number => n !== null);
  if (each.length > 0) return each.reduce((a, b) => a + b, 0);
  return kind === 'refund' || kind === 'chargeback' ? rupiah(body.gross_amount) : null;
}

export class MidtransProvider implements PaymentProvider {
  readonly name = 'midtrans' as const;
  private readonly urls: MidtransBaseUrls;

  constructor(private readonly options: MidtransOptions) {
    this.urls = { ...MIDTRANS_BASE_URLS, ...options.baseUrls };
  }

  async createPayment(input: CreatePaymentInput): Promise<{ token: string; redirectUrl?: string }> {
    const serverKey = this.keys(input.staging).serverKey;
    if (!serverKey) throw new DomainError('unavailable', SERVER_MESSAGES.payments.notConfigured);
    const itemTotal = input.items.reduce((sum, i) => sum + i.price * i.quantity, 0);
    if (itemTotal !== input.grossAmount) {
      throw new Error(`Midtrans item_details sum ${itemTotal} differs from gross_amount ${input.grossAmount}`);
    }
    const url = `${input.staging ? this.urls.snapSandbox : this.urls.snapLive}/snap/v1/transactions`;
    // Not idempotent: a create that may have reached Midtrans is not repeated (outboundFetch then
    // retries only refused connections and 429s); the kiosk's own retry makes a new attempt.
    const res = await this.call(
      url,
      {
        method: 'POST',
        headers: { ...this.authHeaders(serverKey), 'Content-Type': 'application/json' },
        body: JSON.stringify(this.snapBody(input)),
      },
      1,
    );
    const json = (await res.json().catch(() => ({}))) as { token?: string; redirect_url?: string; error_messages?: string[] };
    if (res.status === 201 && json.token) {
      this.options.health?.succeeded('payments');
      return { token: json.token, redirectUrl: json.redirect_url };
    }
    this.reportAnswer(res.status, `Midtrans Snap answered ${res.status}`);
    throw new DomainError(
      'upstream_failed',
      json.error_messages?.length
        ? `${SERVER_MESSAGES.payments.initFailed} (${json.error_messages.join('; ')})`
        : SERVER_MESSAGES.payments.initFailed,
    );
  }

  verifyNotification(notification: PaymentNotification, staging: boolean): boolean {
    return verifyMidtransSignature(notification, this.keys(staging).serverKey);
  }

  async fetchStatus(orderId: string, staging: boolean): Promise<ProviderStatus> {
    return (await this.fetchStatusDetail(orderId, staging)).status;
  }

  async fetchStatusDetail(orderId: string, staging: boolean): Promise<ProviderStatusDetail> {
    const serverKey = this.keys(staging).serverKey;
    if (!serverKey) throw new Error('Midtrans server key missing');
    const { code, body } = await this.statusCall(orderId, staging, serverKey);
    // Midtrans answers an order nobody paid for yet (Snap opened, no method chosen) with "404" in the body.
    if (code === '404') return { status: 'unknown' };
    if (!/^(2\d\d|407)$/.test(code) || !body.transaction_status) {
      throw new Error(`Midtrans status query for ${orderId} answered ${code} ${body.status_message ?? ''}`.trim());
    }
    const status = midtransOutcome(body.transaction_status, body.fraud_status);
    const kind = REVERSAL_KINDS.find((k) => k === body.transaction_status);
    return kind ? { status, reversal: { kind, amount: reversalAmount(kind, body) } } : { status };
  }

  /**
   * POST /v2/{order_id}/expire: "407" ended it; "404" means no way to pay was ever chosen, and with the
   * Snap form closed nobody can pay it. "412" (the merchant cannot modify it) means it moved on: paid,
   * already ended, or a payment type that takes cancel instead, which is tried then.
   */
  async endPayment(orderId: string, staging: boolean): Promise<EndedPayment> {
    const serverKey = this.keys(staging).serverKey;
    if (!serverKey) throw new DomainError('unavailable', SERVER_MESSAGES.payments.notConfigured);
    const expired = await this.changeCall(orderId, staging, serverKey, 'expire');
    if (expired.code === '407' || expired.code === '404') return 'ended';
    if (expired.code === '412') {
      const now = await this.fetchStatusDetail(orderId, staging);
      if (now.status === 'paid' || now.status === 'refunded') return 'paid';
      if (now.status !== 'pending') return 'ended';
      const cancelled = await this.changeCall(orderId, staging, serverKey, 'cancel');
      if (cancelled.code === '200' && cancelled.body.transaction_status === 'cancel') return 'ended';
      if (cancelled.code === '412' && (await this.fetchStatus(orderId, staging)) === 'paid') return 'paid';
    }
    throw new DomainError('unavailable', SERVER_MESSAGES.payments.endFailed);
  }

  clientConfig(staging: boolean): { scriptUrl: string; clientKey: string } {
    return {
      scriptUrl: `${staging ? this.urls.snapSandbox : this.urls.snapLive}/snap/snap.js`,
      clientKey: this.keys(staging).clientKey ?? '',
    };
  }

  /** Asks the status of an order that cannot exist: "404" proves the key works, "401" that it does not. */
  async testConnection(): Promise<IntegrationTestResult> {
    const modes = [
      { staging: false, variable: 'MIDTRANS_SERVER_KEY', label: 'production' },
      { staging: true, variable: 'MIDTRANS_SERVER_KEY_SANDBOX', label: 'sandbox' },
    ].filter((m) => this.keys(m.staging).serverKey);
    if (modes.length === 0)
      return { ok: false, message: 'No Midtrans server key is set (MIDTRANS_SERVER_KEY or MIDTRANS_SERVER_KEY_SANDBOX).' };
    const details: Record<string, string> = {};
    const problems: string[] = [];
    for (const mode of modes) {
      const orderId = `courtreplay-test-${randomBytes(8).toString('hex')}`;
      try {
        const { code } = await this.statusCall(orderId, mode.staging, this.keys(mode.staging).serverKey!);
        details[mode.label] = code === '404' ? 'key accepted' : `answered ${code}`;
        if (code === '401') problems.push(`Midtrans refused the ${mode.label} server key: check ${mode.variable}.`);
        else if (code !== '404') problems.push(`Midtrans ${mode.label} answered ${code}; try again later.`);
      } catch (err) {
        details[mode.label] = (err as Error).message;
        problems.push(`Midtrans ${mode.label} could not be reached: ${(err as Error).message}.`);
      }
    }
    if (problems.length > 0) return { ok: false, message: problems.join(' '), details };
    return {
      ok: true,
      message: `Midtrans accepted the ${modes.map((m) => m.label).join(' and ')} server key${modes.length > 1 ? 's' : ''}.`,
      details,
    };
  }

  private snapBody(input: CreatePaymentInput) {
    const { enabledPayments = DEFAULT_ENABLED_PAYMENTS, expiryMinutes = DEFAULT_EXPIRY_MINUTES, finishUrl } = this.options;
    return {
      transaction_details: { order_id: input.orderId, gross_amount: input.grossAmount },
      item_details: input.items.map((i) => ({ id: i.id, name: i.name.slice(0, 50), price: i.price, quantity: i.quantity })),
      // Either may be missing (a WhatsApp number instead of an address); Midtrans refuses an empty email.
      customer_details: { ...(input.email ? { email: input.email } : {}), ...(input.phone ? { phone: input.phone } : {}) },
      expiry: { unit: 'minutes', duration: expiryMinutes },
      ...(input.returnUrl
        ? phoneReturn(input.returnUrl)
        : { enabled_payments: [...enabledPayments], ...(finishUrl ? { callbacks: { finish: finishUrl } } : {}) }),
      custom_field1: input.customFields.venue.slice(0, 255),
      custom_field2: input.customFields.court.slice(0, 255),
      custom_field3: input.customFields.device.slice(0, 255),
    };
  }

  /** GET /v2/{order_id}/status; Midtrans puts the meaningful code in the body, the HTTP status is the fallback. */
  private async statusCall(orderId: string, staging: boolean, serverKey: string): Promise<{ code: string; body: StatusBody }> {
    const base = staging ? this.urls.apiSandbox : this.urls.apiLive;
    const res = await this.call(`${base}/v2/${encodeURIComponent(orderId)}/status`, { headers: this.authHeaders(serverKey) }, 2, false);
    // Asked to slow down: not retried here (three tries per purchase would make it worse); the
    // reconciler ends its pass and waits, a notification is answered 503 so Midtrans repeats it.
    if (res.status === 429) {
      this.reportAnswer(429, 'Midtrans status API answered 429 (too many requests)');
      await res.body?.cancel().catch(() => undefined);
      throw new ProviderRateLimitedError(retryAfterMs(res, { maxDelayMs: 3_600_000 }));
    }
    const body = (await res.json().catch(() => ({}))) as StatusBody;
    const code = typeof body.status_code === 'string' ? body.status_code : String(res.status);
    if (code === '401' || res.status === 401) {
      this.reportAnswer(401, 'Midtrans refused the server key (401)');
      return { code: '401', body };
    }
    if (/^(2\d\d|404|407)$/.test(code) && res.ok) this.options.health?.succeeded('payments');
    else this.reportAnswer(res.status, `Midtrans status API answered ${res.status} ${code}`);
    return { code, body };
  }

  /** POST /v2/{order_id}/expire or /cancel; the meaningful code is in the body, as for the status API. */
  private async changeCall(
    orderId: string,
    staging: boolean,
    serverKey: string,
    action: 'expire' | 'cancel',
  ): Promise<{ code: string; body: StatusBody }> {
    const base = staging ? this.urls.apiSandbox : this.urls.apiLive;
    // Repeating an expire or cancel changes nothing more: safe to retry like a status GET.
    const res = await this.call(
      `${base}/v2/${encodeURIComponent(orderId)}/${action}`,
      { method: 'POST', headers: this.authHeaders(serverKey) },
      2,
      false,
    );
    const body = (await res.json().catch(() => ({}))) as StatusBody;
    const code = typeof body.status_code === 'string' ? body.status_code : String(res.status);
    if (/^(200|404|407|412)$/.test(code)) this.options.health?.succeeded('payments');
    else this.reportAnswer(res.status, `Midtrans ${action} API answered ${res.status} ${code}`);
    return { code, body };
  }

  private async call(url: string, init: RequestInit, retries: number, retryRateLimits = true): Promise<Response> {
    try {
      return await outboundFetch(url, init, {
        timeoutMs: this.options.timeoutMs ?? MIDTRANS_TIMEOUT_MS,
        retries,
        retryRateLimits,
        maxDelayMs: 2_000,
        ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
        ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
      });
    } catch (err) {
      if (!(err instanceof OutboundHttpError)) throw err;
      this.options.health?.failed('payments', err.message);
      // The kiosk shows the spec's message; the webhook turns any rejection into a 503.
      throw new DomainError('upstream_failed', SERVER_MESSAGES.payments.initFailed);
    }
  }

  private reportAnswer(status: number, message: string): void {
    if (status === 401) this.options.health?.failed('payments', message, unauthorizedAlert());
    else if (status >= 500 || status === 429) this.options.health?.failed('payments', message);
  }

  private keys(staging: boolean): MidtransKeys {
    return staging ? this.options.sandbox : this.options.live;
  }

  private authHeaders(serverKey: string): Record<string, string> {
    return { Authorization: `Basic ${Buffer.from(`${serverKey}:`).toString('base64')}`, Accept: 'application/json' };
  }
}

/**
 * A phone's sale, paid on Snap's redirect_url: the methods that work on the same phone, and back to
 * its page afterwards, from Snap's finish and from each e-wallet's app (which otherwise returns to
 * the dashboard's default). Snap appends order_id, status_code and transaction_status to the finish
 * address; the page believes only the server's state.
 */
function phoneReturn(returnUrl: string) {
  return {
    enabled_payments: [...PHONE_ENABLED_PAYMENTS],
    callbacks: { finish: returnUrl },
    gopay: { enable_callback: true, callback_url: returnUrl },
    shopeepay: { callback_url: returnUrl },
    dana: { callback_url: returnUrl },
  };
}

function unauthorizedAlert(): CredentialAlert {
  return { code: 'midtrans_unauthorized', advice: INTEGRATION_MESSAGES.midtransUnauthorizedAdvice };
}
