// A contact on a phone purchase's page, optional (the page is the delivery): an e-mail address or a
// WhatsApp number (with the player's consent) for a copy of the link and the receipt, each set once.
// The delivery then sends what is due, as for a kiosk purchase's contact.
import { KIOSK_MESSAGES, type KioskLanguage } from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';
import { conflict, invalidInput } from '../errors.ts';
import { setContactOnce } from './queries.ts';

export async function addPhoneContact(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'delivery' | 'logger'>,
  purchaseId: string,
  contact: { email?: string | undefined; phone?: string | undefined; language: KioskLanguage },
): Promise<string> {
  const T = KIOSK_MESSAGES[contact.language];
  const whatsappOff = deps.config.whatsapp.mode === 'off';
  if (contact.phone && !contact.email && whatsappOff) throw invalidInput(T.checkout.whatsappOff);
  const took = await setContactOnce(
    deps.db,
    purchaseId,
    { email: contact.email, phone: whatsappOff ? undefined : contact.phone },
    deps.clock.now().toISOString(),
  );
  if (!took.email && !took.phone) throw conflict(T.store.copyAlready);
  deps.logger.info({ purchaseId, email: took.email, whatsapp: took.phone }, 'a phone purchase was given a contact for its copy');
  void deps.delivery
    ?.purchaseChanged(purchaseId)
    .catch((err: unknown) => deps.logger.error({ err, purchaseId }, 'delivery failed after a contact was added'));
  return T.store.copySent;
}
