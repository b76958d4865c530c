// An imitation of Midtrans on 127.0.0.1, written from Midtrans' documentation, so the real
// MidtransProvider runs against it unmodified (through the MIDTRANS_*_URL overrides):
//   POST /snap/v1/transactions  201 {token, redirect_url}; 401 / 400 {error_messages}
//   GET  /v2/{order_id}/status  HTTP 200 with status_code "200" | "201" | "202" | "407" in the body,
//                               and "404" in the body (still HTTP 200) for an order nobody paid yet;
//                               HTTP 401 {status_code: "401"} for a wrong server key
//   POST /v2/{order_id}/expire  "407" with transaction_status expire for a pending order; "412" (the
//                               merchant cannot modify it) once paid or ended; "404" with no payment yet
//   POST /v2/{order_id}/cancel  "200" with transaction_status cancel for a pending order; "412" otherwise
//   GET  /snap/snap.js          a tiny snap.pay/snap.embed whose button pays the order (browser tests)
//   GET  /snap/v4/redirection/{token}  redirect mode's page (midtrans-redirection.ts); its Pay settles and
//                               sends the browser back to the e-wallet's callback_url or callbacks.finish
// and HTTP notifications signed SHA-512(order_id + status_code + gross_amount + server key).
//
// Usage:
//   const midtrans = await startMidtransImitation({ serverKeys: ['SB-Mid-server-x'], notificationUrl });
//   env: { ...midtrans.env, MIDTRANS_SERVER_KEY_SANDBOX: 'SB-Mid-server-x', ... }
//   midtrans.setStatus(orderId, 'settlement'); await midtrans.notify(orderId);
//   midtrans.inject({ on: 'snap', fault: 'hang' });  // hang | 500 | 503-html | 401 | 429
//   await midtrans.close();
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MidtransBaseUrls } from '../midtrans.ts';
import { formatGrossAmount, midtransSignature } from '../payment-signature.ts';
import { redirectionPage, redirectProblems, returnLocation } from './midtrans-redirection.ts';

export type MidtransFault = 'hang' | '500' | '503-html' | '401' | '429';

export interface FaultRule {
  on: 'snap' | 'status' | 'any';
  fault: MidtransFault;
  /** How many requests it hits; default every one until clear(). */
  times?: number;
  /** For '429': the Retry-After header, in seconds. */
  retryAfterSeconds?: number;
}

export interface ImitationOrder {
  orderId: string;
  grossAmount: number;
  serverKey: string;
  token: string;
  body: Record<string, unknown>;
  /** undefined until the player chooses a way to pay: the status API then answers "404". */
  transactionStatus: string | undefined;
  fraudStatus: string;
  /** Each refund (or chargeback) given back, in rupiah; the status answer lists them as Midtrans does. */
  refunds: number[];
  /** Expired or cancelled by the merchant: the player can no longer pay it. */
  ended?: boolean;
}

export interface MidtransImitationOptions {
  /** The server keys it accepts (Basic auth user name); any other answers 401. */
  serverKeys: string[];
  /** Where notify() posts when given no URL: the app's /api/payment/notification. */
  notificationUrl?: string;
}

export interface RecordedMidtransRequest {
  method: string;
  path: string;
  body: string;
}

export interface MidtransImitation {
  url: string;
  /** For MidtransProvider's baseUrls: every host is this server. */
  baseUrls: MidtransBaseUrls;
  /** The four MIDTRANS_*_URL variables pointing here, for loadConfig or a server's environment. */
  env: Record<string, string>;
  requests: RecordedMidtransRequest[];
  orders: Map<string, ImitationOrder>;
  /** Sets what the status API (and the next notification) says: pending, settlement, capture, deny, cancel, expire, refund. */
  setStatus(orderId: string, transactionStatus: string, fraudStatus?: string): void;
  /**
   * Gives money back on a settled order, as the dashboard's Refund does: the status becomes refund
   * (the whole amount given back) or partial_refund ('chargeback' for a chargeback), and the status
   * answer carries refund_amount and refunds.
   */
  refund(orderId: string, amount: number, kind?: 'refund' | 'chargeback'): void;
  /** The signed notification Midtrans would post for the order's current status. */
  notification(orderId: string): Record<string, string>;
  /** Posts that notification; resolves with the app's HTTP status. */
  notify(orderId: string, url?: string): Promise<number>;
  inject(rule: FaultRule): void;
  clear(): void;
  close(): Promise<void>;
}

const STATUS_CODES: Record<string, string> = {
  settlement: '200',
  capture: '200',
  cancel: '200',
  refund: '200',
  partial_refund: '200',
  chargeback: '200',
  partial_chargeback: '200',
  pending: '201',
  deny: '202',
  expire: '407',
};

export async function startMidtransImitation(options: MidtransImitationOptions): Promise<MidtransImitation> {
  const requests: RecordedMidtransRequest[] = [];
  const orders = new Map<string, ImitationOrder>();
  const byToken = new Map<string, ImitationOrder>();
  let faults: FaultRule[] = [];
  let url = '';

  const order = (orderId: string) => {
    const found = orders.get(orderId);
    if (!found) throw new Error(`The imitation has no order ${orderId}`);
    return found;
  };
  const statusBody = (o: ImitationOrder) => {
    const status = o.transactionStatus ?? 'pending';
    const code = STATUS_CODES[status] ?? '200';
    const gross = formatGrossAmount(o.grossAmount);
    return {
      status_code: code,
      status_message: 'Success, transaction is found',
      transaction_id: `imitation-${o.token.slice(0, 8)}`,
      order_id: o.orderId,
      gross_amount: gross,
      currency: 'IDR',
      payment_type: 'qris',
      transaction_time: '2026-11-20 10:00:00',
      transaction_status: status,
      fraud_status: o.fraudStatus,
      merchant_id: 'IMITATION',
      signature_key: midtransSignature(o.orderId, code, gross, o.serverKey),
      ...(o.refunds.length > 0
        ? {
            refund_amount: formatGrossAmount(o.refunds.reduce((a, b) => a + b, 0)),
            refunds: o.refunds.map((amount, i) => ({
              refund_chargeback_id: i + 1,
              refund_amount: formatGrossAmount(amount),
              created_at: '2026-11-20 11:00:00',
              reason: 'imitation refund',
            })),
          }
        : {}),
    };
  };
  const notification = (orderId: string) => {
    // A notification carries the refunded total, not the list of refunds the status answer has.
    const { status_message: _message, refunds: _refunds, ...body } = statusBody(order(orderId));
    return { ...body, status_message: 'midtrans payment notification' } as Record<string, string>;
  };

  const takeFault = (kind: 'snap' | 'status'): FaultRule | undefined => {
    const rule = faults.find((r) => r.on === kind || r.on === 'any');
    if (rule?.times !== undefined && --rule.times <= 0) faults = faults.filter((r) => r !== rule);
    return rule;
  };

  const handle = (req: IncomingMessage, res: ServerResponse, path: string, body: string) => {
    if (req.method === 'GET' && path === '/snap/snap.js') return send(res, 200, SNAP_JS, 'text/javascript');
    const pay = /^\/imitation\/([^/]+)\/pay$/.exec(path);
    if (req.method === 'POST' && pay) return payFromScript(res, decodeURIComponent(pay[1]!));
    const redirection = /^\/snap\/v4\/redirection\/([^/]+)(\/pay)?$/.exec(path);
    if (redirection) return redirectMode(req, res, decodeURIComponent(redirection[1]!), redirection[2] !== undefined, body);
    const change = req.method === 'POST' ? /^\/v2\/([^/]+)\/(expire|cancel)$/.exec(path) : null;
    const kind =
      req.method === 'POST' && path === '/snap/v1/transactions'
        ? 'snap'
        : (req.method === 'GET' && /^\/v2\/[^/]+\/status$/.test(path)) || change
          ? 'status'
          : undefined;
    if (!kind) return sendJson(res, 404, { status_code: '404', status_message: 'The requested resource is not found' });
    const fault = takeFault(kind);
    if (fault) return injectFault(res, fault);
    const serverKey = basicUser(req.headers.authorization);
    if (!serverKey || !options.serverKeys.includes(serverKey)) {
      return kind === 'snap'
        ? sendJson(res, 401, {
            error_messages: [
              'Access denied due to unauthorized transaction, please check client or server key',
              'Visit https://snap-docs.midtrans.com/#request-headers for more details',
            ],
          })
        : sendJson(res, 401, { status_code: '401', status_message: 'Unknown Merchant server_key/id', id: randomUUID() });
    }
    if (change) return changeStatus(res, decodeURIComponent(change[1]!), change[2] as 'expire' | 'cancel');
    return kind === 'snap' ? createSnap(res, serverKey, body) : answerStatus(res, decodeURIComponent(path.split('/')[2]!));
  };

  const createSnap = (res: ServerResponse, serverKey: string, raw: string) => {
    let body: { transaction_details?: { order_id?: string; gross_amount?: number }; item_details?: { price: number; quantity: number }[] };
    try {
      body = JSON.parse(raw);
    } catch {
      return sendJson(res, 400, { error_messages: ['Invalid JSON'] });
    }
    const details = body.transaction_details;
    if (!details?.order_id || typeof details.gross_amount !== 'number')
      return sendJson(res, 400, {
        error_messages: ['transaction_details.gross_amount is required', 'transaction_details.order_id is required'],
      });
    if (orders.has(details.order_id))
      return sendJson(res, 400, { error_messages: ['transaction_details.order_id has already been taken'] });
    const problems = redirectProblems(body as Parameters<typeof redirectProblems>[0]);
    if (problems.length) return sendJson(res, 400, { error_messages: problems });
    const itemSum = body.item_details?.reduce((s, i) => s + i.price * i.quantity, 0);
    if (itemSum !== undefined && itemSum !== details.gross_amount)
      return sendJson(res, 400, { error_messages: ['transaction_details.gross_amount is not equal to the sum of item_details'] });
    const token = randomUUID();
    const created: ImitationOrder = {
      orderId: details.order_id,
      grossAmount: details.gross_amount,
      serverKey,
      token,
      body: body as Record<string, unknown>,
      transactionStatus: undefined,
      fraudStatus: 'accept',
      refunds: [],
    };
    orders.set(created.orderId, created);
    byToken.set(token, created);
    sendJson(res, 201, { token, redirect_url: `${url}/snap/v4/redirection/${token}` });
  };

  const answerStatus = (res: ServerResponse, orderId: string) => {
    const found = orders.get(orderId);
    // Documented: an order with no payment attempt is "not found" in the body of an HTTP 200.
    if (!found?.transactionStatus)
      return sendJson(res, 200, { status_code: '404', status_message: "Transaction doesn't exist.", id: randomUUID() });
    sendJson(res, 200, statusBody(found));
  };

  /** The merchant ends an order: only a pending one can be, and an ended one is never paid afterwards. */
  const changeStatus = (res: ServerResponse, orderId: string, action: 'expire' | 'cancel') => {
    const found = orders.get(orderId);
    if (!found?.transactionStatus) {
      if (found) found.ended = true;
      return sendJson(res, 404, { status_code: '404', status_message: "Transaction doesn't exist.", id: randomUUID() });
    }
    if (found.transactionStatus !== 'pending')
      return sendJson(res, 412, { status_code: '412', status_message: 'Merchant cannot modify the status of the transaction' });
    found.transactionStatus = action === 'expire' ? 'expire' : 'cancel';
    found.ended = true;
    const body = statusBody(found);
    sendJson(res, 200, {
      ...body,
      status_message: action === 'expire' ? 'Success, transaction has expired' : 'Success, transaction is canceled',
    });
  };

  /** Snap's redirect_url: its page, and its Pay (settles, notifies, then back to the merchant). */
  const redirectMode = (req: IncomingMessage, res: ServerResponse, token: string, paying: boolean, form: string) => {
    const found = byToken.get(token);
    if (!found) return send(res, 404, 'Transaction not found', 'text/plain');
    if (!paying) return send(res, 200, redirectionPage(token, found), 'text/html');
    if (req.method !== 'POST' || found.ended) return send(res, 409, 'This transaction can no longer be paid', 'text/plain');
    const method = new URLSearchParams(form).get('method') ?? 'credit_card';
    found.transactionStatus = 'settlement';
    void imitation
      .notify(found.orderId)
      .catch(() => 0)
      .then(() => {
        const back = returnLocation(found, method);
        if (!back) return send(res, 200, 'Paid', 'text/plain');
        res.writeHead(302, { Location: back });
        res.end();
      });
  };

  /** The snap.js button: the player pays, Midtrans settles and notifies, the page gets the result. */
  const payFromScript = (res: ServerResponse, token: string) => {
    const found = byToken.get(token);
    if (!found) return sendJson(res, 404, { status_message: 'unknown token' });
    if (found.ended)
      return sendJson(res, 412, { status_code: '407', status_message: 'Transaction is expired' }, { 'Access-Control-Allow-Origin': '*' });
    found.transactionStatus = 'settlement';
    void imitation
      .notify(found.orderId)
      .catch(() => 0)
      .then(() => sendJson(res, 200, notification(found.orderId), { 'Access-Control-Allow-Origin': '*' }));
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://imitation').pathname;
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? 'GET', path, body });
      handle(req, res, path, body);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const imitation: MidtransImitation = {
    url,
    baseUrls: { snapLive: url, snapSandbox: url, apiLive: url, apiSandbox: url },
    env: { MIDTRANS_SNAP_URL: url, MIDTRANS_API_URL: url, MIDTRANS_SNAP_URL_SANDBOX: url, MIDTRANS_API_URL_SANDBOX: url },
    requests,
    orders,
    setStatus(orderId, transactionStatus, fraudStatus = 'accept') {
      Object.assign(order(orderId), { transactionStatus, fraudStatus });
    },
    refund(orderId, amount, kind = 'refund') {
      const o = order(orderId);
      o.refunds.push(amount);
      const whole = o.refunds.reduce((a, b) => a + b, 0) >= o.grossAmount;
      o.transactionStatus = whole ? kind : `partial_${kind}`;
    },
    notification,
    async notify(orderId, target = options.notificationUrl) {
      if (!target) throw new Error('notify() needs a URL (or notificationUrl at start)');
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(notification(orderId)),
      });
      await res.body?.cancel();
      return res.status;
    },
    inject(rule) {
      faults.push({ ...rule });
    },
    clear() {
      faults = [];
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
  return imitation;
}

function injectFault(res: ServerResponse, rule: FaultRule): void {
  switch (rule.fault) {
    case 'hang':
      return; // never answers; close() drops the connection
    case '500':
      return sendJson(res, 500, {
        status_code: '500',
        status_message: 'Sorry, we encountered internal server error. We will fix this soon.',
      });
    case '503-html':
      return send(res, 503, '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>', 'text/html');
    case '401':
      return sendJson(res, 401, {
        status_code: '401',
        status_message: 'Unknown Merchant server_key/id',
        error_messages: ['Access denied due to unauthorized transaction, please check client or server key'],
      });
    case '429':
      return sendJson(
        res,
        429,
        { status_code: '429', status_message: 'Too many requests' },
        { 'Retry-After': String(rule.retryAfterSeconds ?? 1) },
      );
  }
}

function basicUser(header: string | undefined): string | undefined {
  const match = /^Basic (.+)$/.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  return decoded.endsWith(':') ? decoded.slice(0, -1) : undefined;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  send(res, status, JSON.stringify(body), 'application/json; charset=UTF-8', headers);
}

function send(res: ServerResponse, status: number, body: string, type: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': type, ...headers });
  res.end(body);
}

// snap.pay(token, callbacks) / snap.embed(token, { embedId, ...callbacks }): one button that pays.
const SNAP_JS = `(() => {
  const base = new URL(document.currentScript.src).origin;
  function open(token, options, host) {
    const button = document.createElement('button');
    button.textContent = 'Pay with imitation';
    button.onclick = async () => {
      const res = await fetch(base + '/imitation/' + encodeURIComponent(token) + '/pay', { method: 'POST' });
      const result = await res.json();
      if (res.ok) { options.onSuccess && options.onSuccess(result); } else { options.onError && options.onError(result); }
    };
    host.appendChild(button);
  }
  window.snap = {
    pay(token, options = {}) { open(token, options, document.body); },
    embed(token, options = {}) { open(token, options, document.getElementById(options.embedId) || document.body); },
  };
})();
`;
