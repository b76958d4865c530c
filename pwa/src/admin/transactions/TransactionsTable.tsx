import { deliveryLabel, formatRupiah, MESSAGES, truncateText, VIDEO_TITLES_TRUNCATE_LENGTH, type DeliveryState } from '@courtreplay/shared';
import { formatDateTime } from '../common/format.ts';
import { emailStatusLabel } from './export.ts';
import type { Transaction } from './queries.ts';

const T = MESSAGES.transactions;

interface Props {
  rows: Transaction[];
  showVenue: boolean;
  /** E-mail statuses set by a resend on this screen, ahead of the next reload. */
  emailStatus: Record<string, 'sent' | 'failed'>;
  /** Each purchase's delivery state, shown under its payment status. */
  deliveries: ReadonlyMap<string, DeliveryState>;
  sendingIds: ReadonlySet<string>;
  onResend: (tx: Transaction) => Promise<void>;
}

export function TransactionsTable({ rows, showVenue, emailStatus, deliveries, sendingIds, onResend }: Props) {
  const columns = T.columns.filter((c) => showVenue || c !== 'Venue');
  return (
    <div className="table-wrap">
      <table aria-label="Transactions">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((tx) => {
            const payment = (tx.paymentStatus || 'pending').toLowerCase();
            const mail = emailStatus[tx.id] ?? tx.emailSent;
            const sending = sendingIds.has(tx.id);
            const delivery = deliveries.get(tx.id);
            return (
              <tr key={tx.id} data-id={tx.id}>
                <td className="mono">
                  {tx.id}
                  {tx.isStaging && (
                    <span className="badge badge-staging" data-testid="staging-badge">
                      {T.stagingBadge}
                    </span>
                  )}
                </td>
                <td>{tx.email}</td>
                <td className="num">{tx.videoCount}</td>
                <td title={tx.videoTitles.join(', ')}>{truncateText(tx.videoTitles.join(', '), VIDEO_TITLES_TRUNCATE_LENGTH)}</td>
                <td className="num">{formatRupiah(tx.totalAmount)}</td>
                <td>{formatDateTime(tx.createdAt)}</td>
                <td>
                  <span className={`badge badge-status-${payment}`} data-testid="payment-status">
                    {payment}
                  </span>
                  {tx.paymentReversal && (
                    <span
                      className="badge badge-reversed"
                      data-testid="payment-reversed"
                      title={tx.paymentReversedAt ? formatDateTime(tx.paymentReversedAt) : undefined}
                    >
                      {T.paymentReversed}
                    </span>
                  )}
                  {delivery && (
                    <div
                      className={`delivery delivery-${delivery.state}`}
                      data-testid="delivery-state"
                      title={delivery.reason ?? undefined}
                    >
                      {deliveryLabel(delivery)}
                    </div>
                  )}
                  {/* A failed state's label already names its reason; a waiting e-mail's reason (its last SMTP answer) goes on its own line. */}
                  {delivery?.reason && delivery.state !== 'failed' && (
                    <div className="delivery-reason" data-testid="delivery-reason">
                      {delivery.reason}
                    </div>
                  )}
                </td>
                <td>
                  <span className={`badge badge-email-${mail ?? 'unset'}`} data-testid="email-status">
                    {emailStatusLabel(mail)}
                  </span>
                </td>
                {showVenue && <td>{tx.venueName || T.unknownVenue}</td>}
                <td>{tx.fieldName ?? ''}</td>
                <td>{tx.promoCode ?? ''}</td>
                <td>
                  {/* The server refuses a resend for anything but a paid or free purchase (nothing to send). */}
                  {payment === 'paid' || payment === 'free' ? (
                    <button type="button" className="btn btn-sm" disabled={sending} onClick={() => void onResend(tx)}>
                      {sending ? T.sending : T.resend}
                    </button>
                  ) : (
                    <span className="muted" title={T.resendOnlyPaid} data-testid="no-resend">
                      —
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
