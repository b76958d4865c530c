// Snap's redirect mode in the Midtrans imitation, from Midtrans' documentation: the transaction's
// redirect_url is a page of its own (no snap.js) listing the enabled payment methods; paying sends
// the browser back to the merchant: an e-wallet (GoPay, ShopeePay, DANA) to its callback_url, the
// others to callbacks.finish, with order_id, status_code and transaction_status appended.
// The create call's phone parameters are checked as Snap checks them.

/** Snap's enabled_payments codes (the documented list this product may send). */
export const SNAP_PAYMENT_CODES = new Set([
  'credit_card',
  'gopay',
  'shopeepay',
  'dana',
  'other_qris',
  'bca_va',
  'bni_va',
  'bri_va',
  'permata_va',
  'cimb_va',
  'other_va',
  'echannel',
  'indomaret',
  'alfamart',
  'akulaku',
  'kredivo',
]);

const E_WALLETS = ['gopay', 'shopeepay', 'dana'] as const;

const isHttpUrl = (value: unknown) => {
  try {
    return typeof value === 'string' && /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

interface SnapBody {
  enabled_payments?: unknown;
  callbacks?: { finish?: unknown };
  gopay?: { enable_callback?: unknown; callback_url?: unknown };
  shopeepay?: { callback_url?: unknown };
  dana?: { callback_url?: unknown };
}

/** Snap's 400 messages for the redirect-mode parameters, or none. */
export function redirectProblems(body: SnapBody): string[] {
  const problems: string[] = [];
  if (body.enabled_payments !== undefined) {
    const codes = Array.isArray(body.enabled_payments) ? body.enabled_payments : [null];
    for (const code of codes) if (!SNAP_PAYMENT_CODES.has(String(code))) problems.push(`enabled_payments ${String(code)} is not supported`);
  }
  if (body.callbacks?.finish !== undefined && !isHttpUrl(body.callbacks.finish)) problems.push('callbacks.finish must be a valid URL');
  for (const wallet of E_WALLETS) {
    const url = body[wallet]?.callback_url;
    if (url !== undefined && !isHttpUrl(url)) problems.push(`${wallet}.callback_url must be a valid URL`);
  }
  return problems;
}

/** The redirect page: the order's enabled methods, each a button that pays. */
export function redirectionPage(token: string, order: { orderId: string; grossAmount: number; body: SnapBody }): string {
  const methods = Array.isArray(order.body.enabled_payments) ? (order.body.enabled_payments as string[]) : ['credit_card'];
  const buttons = methods.map((m) => `<button name="method" value="${m}">Pay with ${m}</button>`).join('');
  return `<!doctype html><html><body><h1>Imitation Snap</h1><p>${order.orderId}: ${order.grossAmount}</p><form method="post" action="/snap/v4/redirection/${token}/pay">${buttons}</form></body></html>`;
}

/** Where the browser goes once paid with `method`: the e-wallet's callback_url, else the finish URL, with the result appended. */
export function returnLocation(order: { orderId: string; body: SnapBody }, method: string): string | undefined {
  const wallet = (E_WALLETS as readonly string[]).includes(method)
    ? order.body[method as (typeof E_WALLETS)[number]]?.callback_url
    : undefined;
  const target = wallet ?? order.body.callbacks?.finish;
  if (typeof target !== 'string') return undefined;
  const url = new URL(target);
  url.searchParams.set('order_id', order.orderId);
  url.searchParams.set('status_code', '200');
  url.searchParams.set('transaction_status', 'settlement');
  return url.toString();
}
