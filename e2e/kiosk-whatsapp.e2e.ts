// Clips on WhatsApp against the built PWA and the real server, WHATSAPP=outbox (the
// default outside production without a Meta account): the player types a number on the kiosk's
// numeric pad, ticks the consent line, sees the number large before Pay Now, and the completion
// screen says where the clips went, in English and in Indonesian; the message is the outbox's JSON
// file. Then an admin finds the purchase by its number, corrects the number with Edit contact, and
// Resend sends the WhatsApp message to the new one at once (no link needed), saying so and leaving
// the e-mail's status alone.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES, MESSAGES_ID } from '@courtreplay/shared';
import { makeClip, newKioskContext, useRig } from './support/index.ts';
import { SUPER_ADMIN } from './support/server.ts';
import { openKioskCheckout } from './support/kiosk-setup.ts';
import { loginAs } from './pages/admin-session.ts';
import { AdminTransactionsTab } from './pages/admin-transactions-tab.ts';

const C = MESSAGES.checkout;
const T = MESSAGES.transactions;
const CLIPS = [{ name: 'smash_1.mp4', path: makeClip({ format: 'mp4' }) }];

/** The outbox's messages, oldest first: the Cloud API request each would have been. */
function whatsappOutbox(): {
  purchaseId: string;
  request: { to: string; template: { language: { code: string }; components: { parameters: { text: string }[] }[] } };
}[] {
  const dir = join(rig.server.dataDir, 'whatsapp-outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
}

// Free: the completion screen comes at once and the message goes out with it.
const rig = useRig({ kiosk: { pricing: { price: 15_000, gateway: false } } });

describe('clips on WhatsApp', () => {
  let purchaseId: string;

  it('a number typed on the pad, with consent, is shown before Pay Now and the completion screen says "Sent to WhatsApp"', async () => {
    const { context, page, checkout } = await openKioskCheckout(rig, CLIPS);
    await checkout.tapNumber('0812');
    // A physical keyboard works too.
    await checkout.phone().focus();
    await checkout.phone().press('End');
    await checkout.phone().pressSequentially('34567890');
    expect(await checkout.phone().inputValue()).toBe('081234567890');
    expect(await checkout.phoneConfirm().textContent()).toBe(`${C.sendingToWhatsapp}+62 812-3456-7890`);

    // Without the consent line ticked the number is not used: nothing is bought.
    await checkout.payNow().click();
    await page.getByText(C.phoneConsentRequired).waitFor();
    expect(whatsappOutbox()).toHaveLength(0);

    await checkout.phoneConsent().check();
    const created = page.waitForResponse((r) => r.url().endsWith('/api/transaction') && r.request().method() === 'POST');
    await checkout.payNow().click();
    purchaseId = ((await (await created).json()) as { transaction: { id: string } }).transaction.id;
    await checkout.completed().waitFor();
    expect(await checkout.sentToWhatsapp().textContent()).toBe('Sent to WhatsApp +62 812-3456-7890');
    expect(await checkout.outcome().textContent()).toBe(C.gatewaySkippedWhatsapp);
    // No e-mail lines and no spam hint for a purchase with only a number.
    expect(await checkout.sentTo().count()).toBe(0);
    expect(await page.getByText(C.checkSpam).count()).toBe(0);

    await expect.poll(() => whatsappOutbox().length, { timeout: 15_000 }).toBe(1);
    const [message] = whatsappOutbox();
    expect(message).toMatchObject({ purchaseId, request: { to: '6281234567890', template: { language: { code: 'en' } } } });
    expect(message!.request.template.components[0]!.parameters[0]!.text).toMatch(/\/p\/[A-Za-z0-9_-]{22,}$/);
    await context.close();
  });

  it('in Indonesian: "Dikirim ke WhatsApp +62 812-3456-7890"', async () => {
    const { context, page, checkout } = await openKioskCheckout(rig, CLIPS);
    await page.getByTestId('language-switch').locator('button[data-language="id"]').click();
    await page.waitForFunction(() => document.documentElement.lang === 'id');
    await page.getByLabel(MESSAGES_ID.checkout.whatsappNumber, { exact: true }).and(page.locator('input')).waitFor();
    await checkout.tapNumber('+6281234567890');
    await page.getByText(MESSAGES_ID.checkout.whatsappConsent).click();
    await page.getByRole('button', { name: MESSAGES_ID.checkout.payNow }).click();
    await checkout.completed().waitFor();
    expect(await checkout.sentToWhatsapp().textContent()).toBe('Dikirim ke WhatsApp +62 812-3456-7890');
    await expect.poll(() => whatsappOutbox().length, { timeout: 15_000 }).toBe(2);
    expect(whatsappOutbox()[1]!.request.template.language.code).toBe('id');
    await context.close();
  });

  it('an admin finds the purchase by its number, corrects it, and Resend sends the WhatsApp message to the new one', async () => {
    // No link saved yet: the WhatsApp message carries the phone page, which does not wait for it.
    const context = await newKioskContext(rig.browser, rig.server.url, { viewport: { width: 1600, height: 900 } });
    const page = await context.newPage();
    const dashboard = await loginAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await dashboard.openTab('transactions');
    const transactions = new AdminTransactionsTab(page);
    // The search box says it finds phone numbers, and does.
    await transactions.email().fill('0812-3456');
    await expect.poll(() => transactions.ids()).toContain(purchaseId);
    expect(await transactions.phone(purchaseId).textContent()).toContain('+62 812-3456-7890');
    expect(await transactions.editEmail(purchaseId).textContent()).toBe('Edit contact');
    // The corrected number would no longer match that search: shown unfiltered while it is corrected.
    await transactions.email().fill('');

    await transactions.editEmail(purchaseId).click();
    expect(await transactions.newPhone(purchaseId).inputValue()).toBe('+62 812-3456-7890');
    await transactions.newPhone(purchaseId).fill('021 555 1234');
    await transactions.saveEmail(purchaseId).click();
    await transactions.emailForm(purchaseId).getByText(C.invalidPhone).waitFor();
    await transactions.newPhone(purchaseId).fill('0813-1111-2222');
    await transactions.saveEmail(purchaseId).click();
    await transactions.text(T.contactCorrected('+62 813-1111-2222')).waitFor();
    await transactions.email().fill('0813');
    await expect.poll(async () => transactions.phone(purchaseId).textContent()).toContain('+62 813-1111-2222');

    await transactions.resend(purchaseId).click();
    await transactions.text(T.whatsappResent).waitFor();
    const sent = whatsappOutbox().filter((m) => m.purchaseId === purchaseId);
    expect(sent.map((m) => m.request.to)).toEqual(['6281234567890', '6281311112222']);
    // The e-mail was not what went out: its status stays 'Not set'.
    expect(await transactions.emailStatus(purchaseId)).toBe(T.emailNotSet);
    await context.close();
  });
});
