// A marked clip just became whole in storage: the purchases waiting for it get their copy now (the
// phone page plays it within a poll) and their delivery runs; the players who asked, while the
// venue was offline, to be told get their message (e-mail or WhatsApp), each once. Addresses and
// numbers are forgotten once the message is out, or after a day.
import { formatTime24, KIOSK_MESSAGES, type KioskLanguage } from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';
import { markUrlOf } from '../fields/court-code.ts';
import { escapeHtml } from '../mail/compose.ts';
import { claimNotice, purchasesWaitingFor, unsentNotices } from './queries.ts';
import { stockPhonePurchase, type StockDeps } from './stock.ts';

export type ReadyDeps = StockDeps & Pick<AppDeps, 'delivery' | 'mailer' | 'whatsapp'> & { config: Pick<AppDeps['config'], 'whatsapp'> };

export async function markReady(deps: ReadyDeps, markId: number): Promise<void> {
  for (const purchaseId of await purchasesWaitingFor(deps.db, markId)) {
    await stockPhonePurchase(deps, purchaseId).catch((err: unknown) =>
      deps.logger.error({ err, purchaseId }, 'copying a ready clip failed'),
    );
    void deps.delivery
      ?.purchaseChanged(purchaseId)
      .catch((err: unknown) => deps.logger.error({ err, purchaseId }, 'delivery failed after a clip was ready'));
  }
  void sendReadyNotices(deps, markId).catch((err: unknown) =>
    deps.logger.error({ err, markId }, 'telling players their rally is ready failed'),
  );
}

/** Sends each message asked for about the mark, once; answers how many went. */
export async function sendReadyNotices(deps: ReadyDeps, markId: number): Promise<number> {
  let sent = 0;
  for (const notice of await unsentNotices(deps.db, markId)) {
    if (!(await claimNotice(deps.db, notice.markId, notice.phoneKey, deps.clock.now().toISOString()))) continue;
    const language: KioskLanguage = notice.language === 'id' ? 'id' : 'en';
    const T = KIOSK_MESSAGES[language].store;
    const link = markUrlOf(deps.config.publicUrl, notice.courtCode ?? '');
    const text = T.readyNotice(notice.courtName, formatTime24(notice.markedAt), link);
    if (notice.email && deps.mailer) {
      const html = `<p>${escapeHtml(text).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</p>`;
      await deps.mailer.send({ to: notice.email, subject: T.readyNoticeSubject, text, html });
      sent++;
    }
    const whatsapp = deps.config.whatsapp;
    if (notice.phone && deps.whatsapp && whatsapp.mode !== 'off') {
      await deps.whatsapp.send({ to: notice.phone, template: whatsapp.template, language, link, purchaseId: `mark-${markId}` });
      sent++;
    }
  }
  return sent;
}
