// An Errors entry in words: what happened, what to do, and the words that came with it from
// elsewhere (ffmpeg, a recorder), in the admin's language. The server answers each entry's kind and
// facts; the back-office words them here, so a switch of language rewords every entry at once and
// the English and Indonesian catalogues take the same facts.
import type { ErrorEntry, ErrorFacts } from './api/error-log.ts';
import { formatRupiah, formatTime24 } from './format.ts';
import type { AdminLanguage } from './languages.ts';
import { ADMIN_CATALOGUES, translateAdminText, type AdminMessages } from './messages-admin-id.ts';
import { formatPhone } from './phone.ts';

export interface ErrorEntryText {
  what: string;
  todo: string;
  /** Words from elsewhere shown as they are, below what happened; null when there are none. */
  detail: string | null;
}

type CameraKind = 'camera_offline' | 'camera_password' | 'clips_failing';

/** A camera's entry: since when and why, and what to do about that reason. */
function cameraText(kind: CameraKind, facts: ErrorFacts<CameraKind>, M: AdminMessages, language: AdminLanguage): ErrorEntryText {
  const T = M.errorsTab;
  const since = formatTime24(facts.since);
  const headline =
    kind === 'camera_password'
      ? T.cameraPasswordWhat
      : kind === 'clips_failing'
        ? T.clipsFailingWhat
        : facts.reason === 'address-refused'
          ? T.cameraUrlRefusedWhat
          : T.cameraOfflineWhat;
  const reason = facts.reason ? M.recorders.reasons[facts.reason] : null;
  const todo = reason?.todo ?? (kind === 'clips_failing' ? M.recorders.reasons['clips-failing'].todo : T.cameraOfflineTodo);
  return {
    // A refused address's headline says the reason already.
    what: [headline(facts.court, since), facts.reason === 'address-refused' ? null : reason?.what].filter(Boolean).join(' '),
    todo: `${todo} ${kind === 'clips_failing' ? T.closesWhenClipsWritten : T.closesWhenRecording}`,
    // A refused address's reason is the address check's own text, which the catalogue words again.
    detail: facts.detail === null ? null : translateAdminText(language, facts.detail),
  };
}

const phone = (to: string | null) => (to ? formatPhone(to) : undefined);

/** What happened and what to do for `entry`, in `language`. */
export function errorEntryText(entry: Pick<ErrorEntry, 'kind' | 'facts' | 'transactionId'>, language: AdminLanguage): ErrorEntryText {
  const M = ADMIN_CATALOGUES[language];
  const T = M.errorsTab;
  const plain = (what: string, todo: string): ErrorEntryText => ({ what, todo, detail: null });
  const e = entry as ErrorEntry;
  switch (e.kind) {
    case 'parked_purchase': {
      const f = e.facts;
      return plain(T.parkedWhat(f.reason, f.status, f.email, f.clips, formatRupiah(f.amount)), T.parkedTodo);
    }
    case 'upload_failed':
      return plain(T.uploadWhat(e.facts.uploaded, e.facts.clips, e.facts.reason ?? undefined), T.uploadTodo);
    case 'email_failed':
      return plain(T.emailWhat(e.facts.to ?? undefined, e.facts.reason ?? undefined), T.emailTodo);
    case 'whatsapp_failed':
      return plain(T.whatsappWhat(phone(e.facts.to), e.facts.reason ?? undefined), T.whatsappTodo);
    case 'whatsapp_unconfirmed':
      return plain(T.whatsappUnconfirmedWhat(phone(e.facts.to), e.transactionId ?? '', e.facts.minutes), T.whatsappUnconfirmedTodo);
    case 'payment_reversed': {
      const { amount, reversal, detail } = e.facts;
      const reversed = detail && { kind: detail.kind, amount: detail.amount === null ? null : formatRupiah(detail.amount) };
      return plain(T.reversedWhat(formatRupiah(amount), reversal, reversed ?? undefined), T.reversedTodo);
    }
    case 'late_settlement': {
      const f = e.facts;
      return plain(T.lateWhat(formatRupiah(f.amount), f.previous, f.afterWindow, f.promoOverQuota), T.lateTodo);
    }
    case 'undelivered':
      return plain(T.undeliveredWhat(formatRupiah(e.facts.amount), e.facts.minutes, e.facts.missing), T.undeliveredTodo);
    case 'credential_alert':
      return plain(e.facts.message, M.integrations.alertAdvice[e.facts.code]);
    case 'integration_failure':
      return plain(T.integrationWhat(M.integrations.kinds[e.facts.service], e.facts.message), T.integrationTodo);
    case 'kiosk_offline':
      return plain(T.offlineWhat(e.facts.minutes), T.offlineAdvice);
    case 'camera_offline':
    case 'camera_password':
    case 'clips_failing':
      return cameraText(e.kind, e.facts, M, language);
    case 'recorder_alert': {
      const f = e.facts;
      return {
        what: T.recorderAlertWhat(f.recorder, T.recorderAlerts[f.code]),
        todo: f.code === 'disk-low' ? T.recorderAlertTodo : T.recorderTaskTodo,
        detail: f.message,
      };
    }
  }
}
