// The embedded payment provider (the default without Midtrans keys). Its token carries the order
// and amount, sealed with an HMAC, so the simulator routes can build a Midtrans-shaped notification
// without any state; notifications are signed exactly as Midtrans signs them. What it "knows" about
// an order once paid or refused (its status check) is kept in the database, so every instance
// answers alike.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { formatGrossAmount, midtransSignature, verifyMidtransSignature } from './payment-signature.ts';
import { INTEGRATION_MESSAGES, SERVER_MESSAGES } from '@courtreplay/shared';
import { conflict } from '../errors.ts';
import type { Db } from '../db/database.ts';
import type { SimulatorOrderTable } from '../db/schema/index.ts';
import { moveSimulatedOutcome, simulatedOutcome } from './queries.ts';
import type {
  CreatePaymentInput,
  EndedPayment,
  IntegrationTestResult,
  PaymentNotification,
  PaymentOutcome,
  PaymentProvider,
  PaymentSimulator,
  ProviderStatus,
  SimulatedOutcome,
  SimulatorToken,
} from './ports.ts';

export type { SimulatedOutcome, SimulatorToken } from './ports.ts';

export const SIMULATOR_PATH = '/api/payment/simulator';
export const SIMULATOR_SCRIPT_PATH = `${SIMULATOR_PATH}/snap.js`;

const STATUS: Record<
  SimulatedOutcome,
  { status_code: string; transaction_status: string; fraud_status: string; outcome: PaymentOutcome & SimulatorOrderTable['outcome'] }
> = {
  success: { status_code: '200', transaction_status: 'settlement', fraud_status: 'accept', outcome: 'paid' },
  pending: { status_code: '201', transaction_status: 'pending', fraud_status: 'accept', outcome: 'pending' },
  failure: { status_code: '202', transaction_status: 'deny', fraud_status: 'deny', outcome: 'failed' },
};

export class SimulatorProvider implements PaymentProvider, PaymentSimulator {
  readonly name = 'simulator' as const;
  /**
   * @param serverKey MIDTRANS_SERVER_KEY when set, else the install secret.
   * @param db where each order's outcome is kept, answered by fetchStatus like Midtrans' status API.
   */
  constructor(
    private readonly serverKey: string,
    private readonly db: Db,
  ) {}

  async createPayment(input: CreatePaymentInput): Promise<{ token: string; redirectUrl?: string }> {
    const payload = Buffer.from(
      JSON.stringify({
        o: input.orderId,
        g: input.grossAmount,
        s: input.staging,
        n: randomBytes(6).toString('base64url'),
        ...(input.returnUrl ? { r: input.returnUrl } : {}),
      }),
    ).toString('base64url');
    // Like Snap, an order is unknown to the provider until the player picks a way to pay.
    const token = `${payload}.${this.seal(payload)}`;
    // A phone pays in redirect mode, on the simulator's own page (as on Snap's redirect_url).
    return input.returnUrl ? { token, redirectUrl: `${SIMULATOR_PATH}/${token}/pay` } : { token };
  }

  /** The order behind a token this simulator issued, or undefined for anything else. */
  openToken(token: string): SimulatorToken | undefined {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) return undefined;
    const expected = Buffer.from(this.seal(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const { o, g, s, r } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        o: string;
        g: number;
        s: boolean;
        r?: string;
      };
      return { orderId: o, grossAmount: g, staging: s, ...(r ? { returnUrl: r } : {}) };
    } catch {
      return undefined;
    }
  }

  /**
   * The notification Midtrans would post for this outcome, signed with the server key. An order the
   * merchant ended (endPayment) is refused, as Midtrans refuses to take a payment for it (409).
   */
  async simulate(token: SimulatorToken, outcome: SimulatedOutcome, now: Date): Promise<PaymentNotification> {
    const s = STATUS[outcome];
    const stands = await moveSimulatedOutcome(this.db, token.orderId, { outcome: s.outcome, updatedAt: now.toISOString() }, 'expired');
    if (stands === 'expired') throw conflict(SERVER_MESSAGES.payments.orderEnded);
    const gross = formatGrossAmount(token.grossAmount);
    const time = now.toISOString().replace('T', ' ').slice(0, 19);
    return {
      transaction_time: time,
      transaction_status: s.transaction_status,
      transaction_id: `sim-${randomBytes(8).toString('hex')}`,
      status_message: 'midtrans payment notification',
      status_code: s.status_code,
      signature_key: midtransSignature(token.orderId, s.status_code, gross, this.serverKey),
      payment_type: 'qris',
      order_id: token.orderId,
      merchant_id: 'SIMULATOR',
      gross_amount: gross,
      fraud_status: s.fraud_status,
      currency: 'IDR',
      ...(outcome === 'success' ? { settlement_time: time } : {}),
    };
  }

  verifyNotification(notification: PaymentNotification): boolean {
    return verifyMidtransSignature(notification, this.serverKey);
  }

  /** As Midtrans' expire: a paid order stays paid (its 412), anything else ends and cannot be paid afterwards. */
  async endPayment(orderId: string): Promise<EndedPayment> {
    const stands = await moveSimulatedOutcome(this.db, orderId, { outcome: 'expired', updatedAt: new Date().toISOString() }, 'paid');
    return stands === 'paid' ? 'paid' : 'ended';
  }

  async fetchStatus(orderId: string): Promise<ProviderStatus> {
    return (await simulatedOutcome(this.db, orderId)) ?? 'unknown';
  }

  /** No account behind it: always reachable. */
  async testConnection(): Promise<IntegrationTestResult> {
    return { ok: true, message: INTEGRATION_MESSAGES.simulatorActive };
  }

  clientConfig(): { scriptUrl: string; clientKey: string } {
    return { scriptUrl: SIMULATOR_SCRIPT_PATH, clientKey: 'simulator' };
  }

  private seal(payload: string): string {
    return createHmac('sha256', this.serverKey).update(`simulator-token:${payload}`).digest('base64url');
  }
}
