// A court's "Mark this moment" QR poster: a print-ready A4 sheet with the court
// and venue names and the player's words in English and Indonesian, its QR code the court's
// {PUBLIC_URL}/c/{courtCode}. Shown in a modal dialog; Print prints the sheet alone. An address a
// phone cannot open (PUBLIC_URL unset: this computer's own) is said so above the sheet, with what to set.
import { useEffect, useRef, useState } from 'react';
import { renderSVG } from 'uqr';
import { isOwnComputerUrl, KIOSK_MESSAGES, type FieldListItem } from '@courtreplay/shared';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { failure, Notice, success, type NoticeValue } from '../common/Notice.tsx';
import { useAdminMessages } from '../i18n/admin-language.ts';
import { useRenewCourtCodeMutation } from './mutations.ts';
import './CourtPoster.css';

const EN = KIOSK_MESSAGES.en.mark;
/** Court and venue names longer together than this print smaller, so the sheet keeps room for the QR code. */
const POSTER_LONG_PLACE = 48;
const ID = KIOSK_MESSAGES.id.mark;

export function CourtPoster({ court, venueName, onClose }: { court: FieldListItem; venueName: string; onClose: () => void }) {
  const T = useAdminMessages().venues;
  const dialog = useRef<HTMLDialogElement>(null);
  const renew = useRenewCourtCodeMutation();
  const [notice, setNotice] = useState<NoticeValue>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const qr = court.markUrl ? renderSVG(court.markUrl, { border: 1 }) : null;
  return (
    <dialog ref={dialog} className="poster-dialog" aria-labelledby="poster-title" data-testid="court-poster" onClose={onClose}>
      <header className="poster-actions">
        <h2 id="poster-title">{T.posterFor(court.name)}</h2>
        <button type="button" className="btn btn-primary btn-sm" disabled={!qr} onClick={() => window.print()}>
          {T.printPoster}
        </button>
        <ConfirmButton
          label={T.renewPoster}
          className="btn btn-sm"
          question={T.confirmRenewPoster(court.name)}
          onConfirm={() =>
            renew.mutate(court.id, {
              onSuccess: () => setNotice(success(T.posterRenewed)),
              onError: (err) => setNotice(failure(err.message)),
            })
          }
        />
        <button type="button" className="btn btn-sm" onClick={() => dialog.current?.close()} autoFocus>
          {T.closePoster}
        </button>
      </header>
      <Notice notice={notice} />
      {court.markUrl && isOwnComputerUrl(court.markUrl) && (
        <div className="notice notice-error" role="alert" data-testid="poster-unreachable">
          {T.posterUnreachable(court.markUrl)}
        </div>
      )}
      {qr && court.markUrl ? (
        <article className="poster-sheet" data-testid="poster-sheet" data-url={court.markUrl}>
          <p className={court.name.length + venueName.length > POSTER_LONG_PLACE ? 'poster-place is-long' : 'poster-place'}>
            <strong>{court.name}</strong> · {venueName}
          </p>
          <h1 className="poster-title">{EN.posterTitle}</h1>
          <p className="poster-title-id" lang="id">
            {ID.posterTitle}
          </p>
          <div className="poster-qr" role="img" aria-label={EN.button} dangerouslySetInnerHTML={{ __html: qr }} />
          <p className="poster-button">
            {EN.button} · <span lang="id">{ID.button}</span>
          </p>
          <p className="poster-scan">{EN.posterScan}</p>
          <p className="poster-scan" lang="id">
            {ID.posterScan}
          </p>
          <p className="poster-url">{court.markUrl}</p>
        </article>
      ) : (
        <p className="empty">{T.noPosterLink}</p>
      )}
    </dialog>
  );
}
