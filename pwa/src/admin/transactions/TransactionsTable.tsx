import {
  courtLabel,
  courtNameOf,
  deliveryLabel,
  formatPhone,
  formatRupiah,
  MESSAGES,
  truncateText,
  VIDEO_TITLES_TRUNCATE_LENGTH,
  type DeliveryState,
} from '@courtreplay/shared';
import { formatDateTime } from '../common/format.ts';
import type { NoticeValue } from '../common/Notice.tsx';
import type { Transaction } from './queries.ts';
import { RowActions } from './RowActions.tsx';
import { useAdminMessages } from '../i18n/admin-language.ts';
import './TransactionsTable.css';

/** The Venue column, shown to super admins only (found by its English name, the same in every language). */
const VENUE_COLUMN = MESSAGES.transactions.columns.indexOf('Venue');

interface Props {
  rows: Transaction[];
  showVenue: boolean;
  /** E-mail statuses set by a resend on this screen, ahead of the next reload. */
  emailStatus: Record<string, 'sent' | 'failed'>;
  /** Each purchase's delivery state, shown under its payment status. */
  deliveries: ReadonlyMap<string, DeliveryState>;
  sendingIds: ReadonlySet<string>;
  onResend: (tx: Transaction) => Promise<void>;
  /** Feedback of a row's e-mail correction or erase. */
  onNotice: (notice: NoticeValue) => void;
  /** Opens the purchase's detail drawer. */
  onDetails: (id: string) => void;
}

export function TransactionsTable({ rows, showVenue, emailStatus, deliveries, sendingIds, onResend, onNotice, onDetails }: Props) {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.transactions;
  const S = MESSAGES.adminScreens.transactions;
  const columns = T.columns.filter((_, i) => showVenue || i !== VENUE_COLUMN);
  return (
    <div className="table-wrap">
      <table aria-label={S.title}>
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
                <td>
                  {tx.erasedAt ? (
                    <span className="badge badge-erased" data-testid="erased" title={formatDateTime(tx.erasedAt)}>
                      {T.erased}
                    </span>
                  ) : (
                    tx.email
                  )}
                  {tx.phone && !tx.erasedAt && (
                    <div className="purchase-phone" data-testid="purchase-phone">
                      WhatsApp {formatPhone(tx.phone)}
                      {tx.whatsappSent && (
                        <span
                          className={`badge badge-email-${tx.whatsappSent}`}
                          data-testid="whatsapp-status"
                          title={tx.whatsappError ?? ''}
                        >
                          {tx.whatsappSent === 'sent'
                            ? T.whatsappSent
                            : tx.whatsappSent === 'unconfirmed'
                              ? T.whatsappUnconfirmed
                              : T.whatsappFailed}
                        </span>
                      )}
                    </div>
                  )}
                  {tx.clipsExpiredAt && !tx.erasedAt && (
                    <div className="delivery-reason" data-testid="clips-expired" title={formatDateTime(tx.clipsExpiredAt)}>
                      {T.clipsExpired}
                    </div>
                  )}
                </td>
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
                      {deliveryLabel(delivery, S.delivery)}
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
                    {mail ?? T.emailNotSet}
                  </span>
                </td>
                {showVenue && <td>{tx.venueName || T.unknownVenue}</td>}
                <td data-testid="purchase-courts">
                  {courtLabel(tx.courts, T.report)}
                  {tx.channel === 'phone' && (
                    <span className="badge" data-testid="sold-on-phone" title={T.soldOnPhone(courtNameOf(tx, T.report))}>
                      {T.phoneBadge}
                    </span>
                  )}
                </td>
                <td>{tx.promoCode ?? ''}</td>
                <td>
                  <div className="row-actions">
                    <button type="button" className="btn btn-sm" onClick={() => onDetails(tx.id)}>
                      {T.details}
                    </button>
                    <RowActions tx={tx} sending={sending} onResend={onResend} onNotice={onNotice} />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
