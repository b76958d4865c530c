// The real payment provider: Midtrans Snap over plain fetch. Sandbox for staging purchases,
// production for live. The official client does not verify notification signatures; we do.
import { HttpError } from '../http/errors.ts';
import { midtransOutcome, verifyMidtransSignature } from './payment-signature.ts';
import type { CreatePaymentInput, PaymentNotification, PaymentOutcome, PaymentProvider } from './ports.ts';

export interface MidtransKeys {
  serverKey: string | undefined;
  clientKey: string | undefined;
}

export interface MidtransOptions {
  live: MidtransKeys;
  sandbox: MidtransKeys;
  /** Injectable so tests reach a local fake speaking Midtrans' protocol. */
  baseUrls?: Partial<MidtransBaseUrls>;
  fetch?: typeof fetch;
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

const NOT_CONFIGURED = 'Payment system is not properly configured. Please contact support.';
const INIT_FAILED = 'Payment initialization failed. Please try again later.';

export class MidtransProvider implements PaymentProvider {
  readonly name = 'midtrans' as const;
  private readonly urls: MidtransBaseUrls;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: MidtransOptions) {
    this.urls = { ...MIDTRANS_BASE_URLS, ...options.baseUrls };
    this.fetch = options.fetch ?? fetch;
  }

  async createPayment(input: CreatePaymentInput): Promise<{ token: string; redirectUrl?: string }> {
    const serverKey = this.keys(input.staging).serverKey;
    if (!serverKey) throw new HttpError(503, NOT_CONFIGURED);
    const itemTotal = input.items.reduce((sum, i) => sum + i.price * i.quantity, 0);
    if (itemTotal !== input.grossAmount) {
      throw new Error(`Midtrans item_details sum ${itemTotal} differs from gross_amount ${input.grossAmount}`);
    }
    const body = {
      transaction_details: { order_id: input.orderId, gross_amount: input.grossAmount },
      item_details: input.items.map((i) => ({ id: i.id, name: i.name.slice(0, 50), price: i.price, quantity: i.quantity })),
      customer_details: { email: input.email },
      custom_field1: input.customFields.venue.slice(0, 255),
      custom_field2: input.customFields.court.slice(0, 255),
      custom_field3: input.customFields.device.slice(0, 255),
    };
    const res = await this.fetch(`${input.staging ? this.urls.snapSandbox : this.urls.snapLive}/snap/v1/transactions`, {
      method: 'POST',
      headers: { ...this.authHeaders(serverKey), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => {
      throw new HttpError(502, INIT_FAILED);
    });
    const json = (await res.json().catch(() => ({}))) as { token?: string; redirect_url?: string; error_messages?: string[] };
    if (res.status !== 201 || !json.token) {
      throw new HttpError(502, json.error_messages?.length ? `${INIT_FAILED} (${json.error_messages.join('; ')})` : INIT_FAILED);
    }
    return { token: json.token, redirectUrl: json.redirect_url };
  }

  verifyNotification(notification: PaymentNotification, staging: boolean): boolean {
    return verifyMidtransSignature(notification, this.keys(staging).serverKey);
  }

  async fetchStatus(orderId: string, staging: boolean): Promise<PaymentOutcome> {
    const serverKey = this.keys(staging).serverKey;
    if (!serverKey) throw new Error('Midtrans server key missing');
    const base = staging ? this.urls.apiSandbox : this.urls.apiLive;
    const res = await this.fetch(`${base}/v2/${encodeURIComponent(orderId)}/status`, {
      headers: this.authHeaders(serverKey),
    });
    const json = (await res.json().catch(() => ({}))) as { transaction_status?: string; fraud_status?: string; status_code?: string };
    if (!res.ok || !json.transaction_status) {
      throw new Error(`Midtrans status query for ${orderId} answered ${res.status} ${json.status_code ?? ''}`.trim());
    }
    return midtransOutcome(json.transaction_status, json.fraud_status);
  }

  clientConfig(staging: boolean): { scriptUrl: string; clientKey: string } {
    return {
      scriptUrl: `${staging ? this.urls.snapSandbox : this.urls.snapLive}/snap/snap.js`,
      clientKey: this.keys(staging).clientKey ?? '',
    };
  }

  private keys(staging: boolean): MidtransKeys {
    return staging ? this.options.sandbox : this.options.live;
  }

  private authHeaders(serverKey: string): Record<string, string> {
    return { Authorization: `Basic ${Buffer.from(`${serverKey}:`).toString('base64')}`, Accept: 'application/json' };
  }
}
