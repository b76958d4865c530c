// Midtrans signs every HTTP notification with SHA-512(order_id + status_code + gross_amount + server
// key), hex. The simulator signs its own notifications the same way, so one verifier serves both.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { PaymentNotification, PaymentOutcome } from './ports.ts';

export function midtransSignature(orderId: string, statusCode: string, grossAmount: string, serverKey: string): string {
  return createHash('sha512').update(`${orderId}${statusCode}${grossAmount}${serverKey}`).digest('hex');
}

export function verifyMidtransSignature(notification: PaymentNotification, serverKey: string | undefined): boolean {
  if (!serverKey) return false;
  const { order_id, status_code, gross_amount, signature_key } = notification;
  if (![order_id, status_code, gross_amount, signature_key].every((v) => typeof v === 'string')) return false;
  const expected = Buffer.from(midtransSignature(order_id, status_code, gross_amount, serverKey), 'utf8');
  const given = Buffer.from(signature_key, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Midtrans' transaction_status (+ fraud_status for card captures) as this product's outcome. */
export function midtransOutcome(transactionStatus: string, fraudStatus?: string): PaymentOutcome {
  switch (transactionStatus) {
    case 'settlement':
      return 'paid';
    case 'capture':
      // A capture still under fraud review ('challenge') is not money yet.
      return fraudStatus === 'accept' ? 'paid' : fraudStatus === 'deny' ? 'failed' : 'pending';
    case 'deny':
    case 'cancel':
    case 'failure':
      return 'failed';
    case 'expire':
      return 'expired';
    // Money given back after a settlement: the purchase was paid, then reversed.
    case 'refund':
    case 'partial_refund':
    case 'chargeback':
    case 'partial_chargeback':
      return 'refunded';
    default:
      return 'pending';
  }
}

/** Midtrans' gross_amount text for a whole-rupiah amount: "24300.00". */
export function formatGrossAmount(amount: number): string {
  return `${amount}.00`;
}
