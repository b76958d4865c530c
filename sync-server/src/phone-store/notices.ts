// While the venue is offline the phone offers a message for when its rallies are ready: an e-mail
// or a WhatsApp number (with the player's consent), kept only until the message goes (ready.ts), a
// day at most. It covers the phone's rallies of today that are still waiting for the venue.
import { KIOSK_MESSAGES, type KioskLanguage } from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';
import { conflict, invalidInput } from '../errors.ts';
import { saveNotice } from './queries.ts';
import { phoneRallyList, type StoreCourt } from './rallies.ts';

const WAITING = new Set(['cutting', 'uploading', 'offline', 'late']);

export async function askToBeTold(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  court: StoreCourt,
  phoneKey: string,
  contact: { email?: string | undefined; phone?: string | undefined; language: KioskLanguage },
): Promise<string> {
  const T = KIOSK_MESSAGES[contact.language].store;
  // Without WhatsApp a number reaches nobody: refused before anything is kept.
  if (contact.phone && !contact.email && deps.config.whatsapp.mode === 'off')
    throw invalidInput(KIOSK_MESSAGES[contact.language].checkout.whatsappOff);
  const waiting = (await phoneRallyList(deps, court.venueId, phoneKey)).filter((r) => WAITING.has(r.state) && !r.boughtToken);
  if (waiting.length === 0) throw conflict(T.nothingWaiting);
  const createdAt = deps.clock.now().toISOString();
  for (const rally of waiting) {
    await saveNotice(deps.db, {
      markId: rally.id,
      phoneKey,
      email: contact.email ?? null,
      phone: deps.config.whatsapp.mode === 'off' ? null : (contact.phone ?? null),
      language: contact.language,
      createdAt,
    });
  }
  return T.notifySaved;
}
