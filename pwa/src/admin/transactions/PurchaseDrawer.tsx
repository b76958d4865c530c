// A purchase's detail drawer: the purchase at a glance, links to its phone page
// and storage folder while they exist, and its history oldest first (sale, payment, each clip
// uploaded, e-mails sent or failed with the reason, resends, admin changes and who made them).
// A native modal <dialog>: focus stays inside, Escape and the backdrop close it.
import { useQuery } from '@tanstack/react-query';
import { courtLabel, courtNameOf, formatPhone, formatRupiah, type AdminMessages, type TimelineEntry } from '@courtreplay/shared';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../common/format.ts';
import { QueryState } from '../common/QueryState.tsx';
import { transactionQueries } from './queries.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';
import './PurchaseDrawer.css';

/** One sentence for an entry, in the back-office's words. */
export function describeEntry(e: TimelineEntry, W: AdminMessages['transactions']['timeline']): string {
  switch (e.kind) {
    case 'created':
      return W.created(formatRupiah(e.amount ?? 0), e.onPhone);
    case 'paid':
      return W.paid(formatRupiah(e.amount ?? 0));
    case 'clip_uploaded':
      return W.clip_uploaded(e.clip ?? 0, e.clips ?? 0);
    case 'upload_failed':
      return W.upload_failed(e.clip ?? 0, e.clips ?? 0);
    case 'email_sent':
      return W.email_sent(e.to, e.unconfirmed);
    case 'email_failed':
      return W.email_failed(e.to);
    case 'email_corrected':
      return W.email_corrected(e.from, e.to);
    case 'whatsapp_sent':
      return W.whatsapp_sent(e.to && formatPhone(e.to), e.unconfirmed);
    case 'whatsapp_failed':
      return W.whatsapp_failed(e.to && formatPhone(e.to), e.reason);
    case 'whatsapp_status':
      return W.whatsapp_status(e.status);
    case 'resend':
      return W.resend(e.channel);
    case 'phone_corrected':
      return W.phone_corrected(e.from && formatPhone(e.from), e.to && formatPhone(e.to));
    case 'clips_expired':
      return W.clips_expired(e.filesRemoved ?? 0);
    case 'erased':
      return W.erased(e.filesRemoved ?? 0);
    case 'payment_reversed':
      return W.payment_reversed(e.reversal, e.amount === undefined ? undefined : formatRupiah(e.amount));
    case 'late_settlement':
      return W.late_settlement(e.previous, e.afterWindow);
    default:
      return W[e.kind];
  }
}

const FAILURES: ReadonlySet<TimelineEntry['kind']> = new Set([
  'payment_failed',
  'payment_expired',
  'payment_reversed',
  'late_settlement',
  'upload_failed',
  'email_failed',
  'whatsapp_failed',
]);

export function PurchaseDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const T = useAdminMessages().transactions;
  const dialog = useRef<HTMLDialogElement>(null);
  const details = useQuery(transactionQueries.timeline(id));
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const data = details.data;
  const tx = data?.transaction;

  return (
    <dialog
      ref={dialog}
      className="drawer"
      aria-labelledby="drawer-title"
      data-testid="purchase-drawer"
      onClose={onClose}
      // A click on the backdrop lands on the dialog itself, outside its content.
      onClick={(e) => e.target === dialog.current && dialog.current.close()}
    >
      <div className="drawer-body">
        <header className="drawer-header">
          <h2 id="drawer-title" className="mono">
            {T.drawer.title(id)}
          </h2>
          <button type="button" className="btn btn-sm" onClick={() => dialog.current?.close()} autoFocus>
            {T.drawer.close}
          </button>
        </header>
        <QueryState isPending={details.isPending} error={details.error} fallback={T.drawer.loadFailed} />
        {tx && data && (
          <>
            <dl className="drawer-summary">
              {[
                tx.erasedAt ? T.erased : tx.email,
                tx.phone ? `${formatPhone(tx.phone)}${tx.whatsappSent ? ` (${T.emailStatusWord[tx.whatsappSent]})` : ''}` : '',
                tx.venueName || T.unknownVenue,
                courtLabel(tx.courts, T.report),
                // The kiosk's own court (or, bought on a phone, its poster's court): where it was sold, not where the clips were filmed.
                tx.channel === 'phone' ? T.soldOnPhone(courtNameOf(tx, T.report)) : courtNameOf(tx, T.report),
                tx.videoTitles.join(', '),
                formatRupiah(tx.totalAmount),
                tx.promoCode ?? '',
                T.paymentStatusWord[tx.paymentStatus],
              ].map((value, i) => (
                <div key={T.drawer.summary[i]}>
                  <dt>{T.drawer.summary[i]}</dt>
                  <dd>{value || '—'}</dd>
                </div>
              ))}
            </dl>
            <h3>{T.drawer.links}</h3>
            {data.phoneUrl || data.folderUrl ? (
              <p className="row-actions">
                {data.phoneUrl && (
                  <a className="btn btn-sm" href={data.phoneUrl} target="_blank" rel="noreferrer">
                    {T.drawer.phonePage}
                  </a>
                )}
                {data.folderUrl && (
                  <a className="btn btn-sm" href={data.folderUrl} target="_blank" rel="noreferrer">
                    {T.drawer.folder}
                  </a>
                )}
              </p>
            ) : (
              <p className="muted">{T.drawer.noLinks}</p>
            )}
            <h3>{T.drawer.timelineTitle}</h3>
            <ol className="timeline" aria-label={T.drawer.timelineTitle}>
              {data.events.map((e, i) => (
                <li key={i} className={FAILURES.has(e.kind) ? 'timeline-failure' : undefined} data-kind={e.kind}>
                  <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                  <span className="timeline-what">{describeEntry(e, T.timeline)}</span>
                  {e.reason && <span className="timeline-reason">{e.reason}</span>}
                  {e.by && <span className="timeline-by">{T.drawer.by(e.by)}</span>}
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
    </dialog>
  );
}
