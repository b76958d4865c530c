// The simulator's payment page for a phone, standing in for Snap's redirect_url: the order and the
// four buttons of the simulator's panel, as forms (no script). English only: a development tool,
// as Snap's own page is the provider's.
import { formatRupiah } from '@courtreplay/shared';
import { escapeHtml as escape } from '../mail/compose.ts';
import type { SimulatorToken } from '../adapters/ports.ts';

const BUTTONS = [
  { outcome: 'success', label: 'Simulate success', colour: '#15803d' },
  { outcome: 'pending', label: 'Simulate pending', colour: '#b45309' },
  { outcome: 'failure', label: 'Simulate failure', colour: '#b91c1c' },
  { outcome: 'close', label: 'Close', colour: '#334155' },
] as const;

export function renderSimulatorPage(token: string, order: SimulatorToken): string {
  const action = `/api/payment/simulator/${encodeURIComponent(token)}/pay`;
  const buttons = BUTTONS.map(
    (b) =>
      `<button name="outcome" value="${b.outcome}" style="display:block;width:100%;margin:0 0 12px;min-height:52px;font-size:18px;font-weight:600;color:#fff;background:${b.colour};border:0;border-radius:10px">${escape(b.label)}</button>`,
  ).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Payment simulator</title></head>
<body style="margin:0;font:16px/1.45 system-ui,sans-serif;background:#f1f5f9;color:#0f172a"><main style="max-width:420px;margin:0 auto;padding:20px">
<h1 style="font-size:1.3rem">Payment simulator</h1>
<p>Order ${escape(order.orderId)}</p><p style="font-size:1.6rem;font-weight:700;margin:4px 0 16px">${escape(formatRupiah(order.grossAmount))}</p>
<p style="color:#475569">No payment provider is set up (PAYMENT_PROVIDER=simulator): these buttons stand in for the payment page.</p>
<form method="post" action="${action}">${buttons}</form></main></body></html>`;
}
