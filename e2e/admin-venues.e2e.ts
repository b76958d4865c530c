// Venues tab: the venue list and its courts, every validation message, inline edits and the
// confirmed deletes, checked against what the server stored.
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { KIOSK_LANGUAGE_NAMES, MESSAGES } from '@courtreplay/shared';
import { newKioskContext, SUPER_ADMIN, useRig } from './support/index.ts';
import { loginAs } from './pages/admin-session.ts';
import { AdminVenuesTab } from './pages/admin-venues-tab.ts';

const T = MESSAGES.venues;

const { server, browser, admin: api } = useRig({ admin: true });
let page: Page;
let venues: AdminVenuesTab;

beforeAll(async () => {
  const context = await newKioskContext(browser, server.url, { viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  const dashboard = await loginAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await dashboard.openTab('venueManagement');
  venues = new AdminVenuesTab(page);
});

const storedVenues = () => api.call('listVenues', {});
const storedCourts = (venueId: number) => api.call('listFields', { params: { venueId } });

test('with nothing stored it shows the two empty messages; + Add Court waits until a venue exists', async () => {
  await venues.text(T.noVenues).waitFor();
  await venues.text(T.selectVenue).waitFor();
  // No court form without a venue; the button says why.
  expect(await venues.addCourtButton().isDisabled()).toBe(true);
  expect(await venues.addCourtButton().getAttribute('aria-describedby')).toBe('courts-select-venue');
  expect(await venues.courtForm().count()).toBe(0);
});

test('+ Add Venue needs both fields, then creates the venue', async () => {
  await venues.addVenue('Arena Satu', '');
  expect(await venues.venueError().textContent()).toBe(T.requiredFields);
  expect(await storedVenues()).toEqual([]);
  await venues.venueForm().getByLabel(T.location).fill('Jakarta Selatan');
  await venues.venueForm().getByRole('button', { name: T.save }).click();
  await venues.venueItem('Arena Satu').waitFor();
  expect((await storedVenues()).map((v) => [v.name, v.location])).toEqual([['Arena Satu', 'Jakarta Selatan']]);
  // The refusal answered the first press; once the venue is created it is gone.
  expect(await venues.venueError().count()).toBe(0);
});

test('the first venue is chosen by itself, so + Add Court works at once; courts are added, renamed and deleted with their messages', async () => {
  // Nothing clicked: the only venue is selected and its (empty) courts are shown.
  await venues.courtsHeading('Arena Satu').waitFor();
  expect(await venues.venueItem('Arena Satu').getAttribute('class')).toContain('selected');
  await venues.text(T.noFields).waitFor();
  const [venue] = await storedVenues();

  await venues.addCourt('   ');
  expect(await venues.courtError().textContent()).toBe(T.enterFieldName);
  // Court, not field, everywhere in the tab (its form and message included).
  expect(await page.getByRole('tabpanel').textContent()).not.toMatch(/field/i);
  await venues.addCourt('Court A');
  await venues.courtRow('Court A').waitFor();
  await venues.addCourt('Court B');
  await venues.courtRow('Court B').waitFor();
  expect((await storedCourts(venue!.id)).map((f) => f.name).sort()).toEqual(['Court A', 'Court B']);

  await venues.editCourt('Court A', '');
  expect(await venues.courtError().textContent()).toBe(T.fieldNameEmpty);
  await venues.saveCourtEdit('Court A', 'Court Utama');
  await venues.courtRow('Court Utama').waitFor();
  expect(await venues.courtError().count()).toBe(0);

  const question = await venues.delete(venues.courtRow('Court B'), false);
  expect(question).toBe(T.confirmDeleteCourt('Court B'));
  expect((await storedCourts(venue!.id)).length).toBe(2);
  await venues.delete(venues.courtRow('Court B'), true);
  await venues.courtRow('Court B').waitFor({ state: 'detached' });
  expect((await storedCourts(venue!.id)).map((f) => f.name)).toEqual(['Court Utama']);
});

test('a venue is renamed inline; an empty name is refused', async () => {
  await venues.editVenue('Arena Satu', ' ');
  expect(await venues.venueError().textContent()).toBe(T.venueNameEmpty);
  expect((await storedVenues())[0]!.name).toBe('Arena Satu');
  await page.locator('li.editing').getByLabel(T.venueName).fill('Arena Dua');
  await page.locator('li.editing').getByRole('button', { name: T.save }).click();
  await venues.venueItem('Arena Dua').waitFor();
  expect((await storedVenues())[0]!.name).toBe('Arena Dua');
  expect(await venues.venueError().count()).toBe(0);
});

test('inline edits save on Enter and cancel on Escape; the courts panel starts afresh for another venue', async () => {
  const editing = page.locator('li.editing');
  await venues.venueItem('Arena Dua').getByRole('button', { name: T.edit }).click();
  await editing.getByLabel(T.location).fill('Bandung');
  await editing.getByLabel(T.location).press('Enter');
  await editing.waitFor({ state: 'detached' });
  expect((await storedVenues())[0]!.location).toBe('Bandung');

  await venues.venueItem('Arena Dua').getByRole('button', { name: T.edit }).click();
  await editing.getByLabel(T.venueName).fill('Not Saved');
  await editing.getByLabel(T.venueName).press('Escape');
  await venues.venueItem('Arena Dua').waitFor();
  expect((await storedVenues())[0]!.name).toBe('Arena Dua');

  await venues.selectVenue('Arena Dua');
  await venues.courtRow('Court Utama').getByRole('button', { name: T.edit }).click();
  await venues.courtRow('Court Utama').getByLabel(T.fieldName).fill('Court Satu');
  await venues.courtRow('Court Utama').getByLabel(T.fieldName).press('Enter');
  await venues.courtRow('Court Satu').waitFor();
  expect((await storedCourts((await storedVenues())[0]!.id)).map((f) => f.name)).toEqual(['Court Satu']);

  // A refused court name and the half-filled form stay with their venue.
  await venues.addVenue('Arena Tiga', 'Bogor');
  await venues.venueItem('Arena Tiga').waitFor();
  await venues.addCourt(' ');
  expect(await venues.courtError().textContent()).toBe(T.enterFieldName);
  await venues.selectVenue('Arena Tiga');
  expect(await venues.courtError().count()).toBe(0);
  expect(await venues.courtForm().count()).toBe(0);
  await venues.delete(venues.venueItem('Arena Tiga'), true);
  await venues.venueItem('Arena Tiga').waitFor({ state: 'detached' });
});

test("a venue's kiosk language is chosen in its row: English until set, then Bahasa Indonesia, stored on the server", async () => {
  const [venue] = await storedVenues();
  expect(venue!.language).toBe('en');
  expect(await venues.languageSelect(venue!.name).inputValue()).toBe('en');
  await venues.languageSelect(venue!.name).selectOption({ label: KIOSK_LANGUAGE_NAMES.id });
  await expect.poll(async () => (await storedVenues()).find((v) => v.id === venue!.id)?.language).toBe('id');
  expect((await storedVenues()).find((v) => v.id === venue!.id)).toMatchObject({ name: venue!.name, location: venue!.location });
});

test('deleting a venue asks first that its courts go too, then removes both', async () => {
  const question = await venues.delete(venues.venueItem('Arena Dua'), true);
  expect(question).toBe(T.confirmDeleteVenue('Arena Dua'));
  await venues.text(T.noVenues).waitFor();
  expect(await storedVenues()).toEqual([]);
});
