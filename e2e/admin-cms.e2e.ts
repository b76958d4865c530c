// CMS tab: four sections starting collapsed, every check made before an upload is sent, uploads
// with percentage progress and the current media previewed, the optional portrait promo video
// beside the landscape one, and the e-mail template editor.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { closeSync, mkdtempSync, openSync, ftruncateSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_EMAIL_COPY, EMAIL_COPY_KEY, MESSAGES, PROMO_VIDEO_MAX_BYTES } from '@courtreplay/shared';
import { clipBytes, newKioskContext, SUPER_ADMIN, useRig } from './support/index.ts';
import { AdminCmsTab } from './pages/admin-cms-tab.ts';
import type { AdminDashboardPage } from './pages/admin-dashboard-page.ts';
import { loginAs } from './pages/admin-session.ts';

const T = MESSAGES.cms;
const MB = 1_048_576;
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const { server, browser, admin: api } = useRig({ admin: true });
let page: Page;
let dashboard: AdminDashboardPage;
let cms: AdminCmsTab;
let scratch: string;
const uploadRequests: string[] = [];

const config = async (key: string) => (await api.call('getConfig', {})).find((e) => e.key === key)?.value;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'cms-e2e-'));
  const context = await newKioskContext(browser, server.url, { viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.on('request', (r) => {
    if (r.url().includes('/api/admin/cms/')) uploadRequests.push(r.url());
  });
  dashboard = await loginAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await dashboard.openTab('cmsManagement');
  cms = new AdminCmsTab(page);
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
});

test('the four sections start collapsed and open on click with the recommendations', async () => {
  for (const section of ['promoVideo', 'backgroundImage', 'watermark', 'emailTemplate'] as const) {
    expect(await cms.expanded(section)).toBe(false);
  }
  expect(await cms.text(T.recommendations.promoVideo).count()).toBe(0);
  await cms.open('promoVideo');
  await cms.text(T.recommendations.promoVideo).waitFor();
  await cms.toggle('promoVideo').click();
  expect(await cms.expanded('promoVideo')).toBe(false);
});

describe('promo video', () => {
  test('nothing chosen, a non-video, and 100 MB are refused before anything is sent', async () => {
    await cms.open('promoVideo');
    await cms.upload('promoVideo');
    await cms.form('promoVideo').getByText(T.noVideo).waitFor();
    await cms.upload('promoVideo', { name: 'poster.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await cms.form('promoVideo').getByText(T.invalidVideo).waitFor();
    // A sparse file of exactly 100 MB: the browser reads only its size.
    const big = join(scratch, 'huge.mp4');
    const fd = openSync(big, 'w');
    ftruncateSync(fd, PROMO_VIDEO_MAX_BYTES);
    closeSync(fd);
    await cms.form('promoVideo').locator('input[type=file]').setInputFiles(big);
    await cms.form('promoVideo').getByRole('button', { name: 'Upload' }).click();
    await cms.form('promoVideo').getByText(T.videoTooLarge).waitFor();
    expect(uploadRequests).toEqual([]);
  });

  test('a video uploads with its percentage, is stored and previewed', async () => {
    await cms.upload('promoVideo', { name: 'promo.mp4', mimeType: 'video/mp4', buffer: clipBytes({ format: 'mp4' }) });
    await cms.form('promoVideo').getByText('Promo video uploaded successfully').waitFor();
    expect(await cms.percent('promoVideo').textContent()).toBe(T.uploadProgress(100));
    const url = await config('CMS_PROMO_VIDEO');
    expect(url).toMatch(/^\/media\/.+\.mp4$/);
    const preview = cms.form('promoVideo').locator('video');
    await page.waitForFunction((src) => document.querySelector('[role=tabpanel] form video')?.getAttribute('src') === src, url);
    expect(
      await preview.evaluate(
        (v: HTMLVideoElement) => new Promise((r) => (v.readyState > 0 ? r(true) : (v.onloadedmetadata = () => r(true)))),
      ),
    ).toBe(true);
  });
});

describe('background image', () => {
  test('checks type, size and presence; shows the server message when the content is not an image', async () => {
    await cms.open('backgroundImage');
    await cms.upload('backgroundImage');
    await cms.form('backgroundImage').getByText(T.noImage).waitFor();
    await cms.upload('backgroundImage', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await cms.form('backgroundImage').getByText(T.invalidImage).waitFor();
    await cms.upload('backgroundImage', { name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * MB) });
    await cms.form('backgroundImage').getByText(T.imageTooLarge).waitFor();
    expect(uploadRequests).toHaveLength(1);
    // Passes the browser's check by its declared type; the server reads the bytes and refuses.
    await cms.upload('backgroundImage', { name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not really a jpeg') });
    await cms.form('backgroundImage').getByRole('alert').filter({ hasText: T.invalidImage }).waitFor();
    expect(uploadRequests).toHaveLength(2);
    expect(await config('CMS_BG_IMAGE')).toBeUndefined();
  });
});

describe('watermark', () => {
  test('only a PNG under 5 MB is sent; it is stored and previewed', async () => {
    await cms.open('watermark');
    await cms.upload('watermark');
    await cms.form('watermark').getByText(T.noWatermark).waitFor();
    await cms.upload('watermark', { name: 'logo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([0xff, 0xd8, 0xff]) });
    await cms.form('watermark').getByText(T.invalidWatermark).waitFor();
    await cms.upload('watermark', { name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * MB) });
    await cms.form('watermark').getByText(T.watermarkTooLarge).waitFor();
    await cms.upload('watermark', { name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await cms.form('watermark').getByText('Watermark uploaded successfully').waitFor();
    const url = await config('CMS_WATERMARK');
    expect(url).toMatch(/^\/media\/.+\.png$/);
    await page.waitForFunction((src) => document.querySelector('[role=tabpanel] form img')?.getAttribute('src') === src, url);
  });
});

describe('portrait promo video', () => {
  test('sits in the promo video section, uploads, is previewed and can be removed after a confirmation', async () => {
    await cms.open('promoVideo');
    const form = cms.form('portraitPromoVideo');
    await form.getByText(T.recommendations.portraitPromoVideo).waitFor();
    expect(await form.getByRole('button', { name: T.removePortrait }).count()).toBe(0);
    await cms.upload('portraitPromoVideo', {
      name: 'tall.mp4',
      mimeType: 'video/mp4',
      buffer: clipBytes({ format: 'mp4', width: 360, height: 640 }),
    });
    await form.getByText(T.portraitUploaded).waitFor();
    const url = await config('CMS_PROMO_VIDEO_PORTRAIT');
    expect(url).toMatch(/^\/media\/promo-portrait-.+\.mp4$/);
    await form.locator(`video[src="${url}"]`).waitFor();
    expect(await config('CMS_PROMO_VIDEO')).not.toBe(url);

    await form.getByRole('button', { name: T.removePortrait }).click();
    await form.getByRole('button', { name: MESSAGES.dashboard.no, exact: true }).click();
    expect(await config('CMS_PROMO_VIDEO_PORTRAIT')).toBe(url);
    await form.getByRole('button', { name: T.removePortrait }).click();
    await form.getByRole('button', { name: MESSAGES.dashboard.yes, exact: true }).click();
    await form.getByText(T.portraitRemoved).waitFor();
    await form.locator('video').waitFor({ state: 'detached' });
    expect(await config('CMS_PROMO_VIDEO_PORTRAIT')).toBeUndefined();
  });
});

describe('e-mail template', () => {
  test('an invalid stored value shows the message and the defaults', async () => {
    // A value written by an older version, which today's server would refuse.
    await server.execute('INSERT INTO config_entries (key, value, "updatedAt") VALUES (?, ?, ?)', [
      EMAIL_COPY_KEY,
      '{not json',
      new Date().toISOString(),
    ]);
    await dashboard.open();
    await dashboard.openTab('cmsManagement');
    await cms.open('emailTemplate');
    await cms.emailForm().getByText(MESSAGES.emailConfig.invalidStored).waitFor();
    expect(await cms.emailForm().locator('input[name=EMAIL_HEADING]').inputValue()).toBe(DEFAULT_EMAIL_COPY.EMAIL_HEADING);
  });

  test('edits show in the live preview, with the product name filled in, and are saved', async () => {
    await cms.emailForm().locator('input[name=EMAIL_HEADING]').fill('Your clips from {productName}');
    // The preview is the server's e-mail for a sample purchase (the same compose function as every real one).
    // Attached, not 'visible': headless Chromium may not lay out a sandboxed frame's new document until
    // something paints, which says nothing about what the preview holds.
    await cms.previewBody().locator('h1', { hasText: 'Your clips from CourtReplay' }).waitFor({ state: 'attached' });
    await cms.previewBody().locator('a', { hasText: 'Watch and download your clips' }).waitFor({ state: 'attached' });
    expect(await cms.preview().getByTestId('preview-subject').textContent()).toBe('Your CourtReplay Is Ready!');
    await cms.emailForm().getByRole('button', { name: 'Save Email Template' }).click();
    await cms.emailForm().getByText('Email template saved successfully').waitFor();
    const stored = JSON.parse((await config(EMAIL_COPY_KEY)) ?? '{}');
    expect(stored).toEqual({ ...DEFAULT_EMAIL_COPY, EMAIL_HEADING: 'Your clips from {productName}' });
  });
});
