// The Venues tab: the venue list on the left, 'Courts for {venue}' on the right.
import type { Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';

const T = MESSAGES.venues;
const D = MESSAGES.dashboard;

export class AdminVenuesTab {
  constructor(readonly page: Page) {}

  private panel = () => this.page.getByRole('tabpanel');
  addVenueButton = () => this.panel().getByRole('button', { name: T.addVenue });
  addCourtButton = () => this.panel().getByRole('button', { name: T.addCourt });
  venueForm = () => this.panel().getByRole('form', { name: 'Add venue' });
  courtForm = () => this.panel().getByRole('form', { name: 'Add court' });
  venueItem = (name: string) => this.panel().locator(`li[data-venue="${name}"]`);
  /** The venue's kiosk language. */
  languageSelect = (name: string) => this.venueItem(name).getByLabel(T.kioskLanguage);
  courtRow = (name: string) => this.panel().locator(`tr[data-court="${name}"]`);
  courtsHeading = (venue: string) => this.panel().getByRole('heading', { name: T.courtsFor(venue) });
  text = (text: string) => this.panel().getByText(text, { exact: true });
  venueError = () => this.panel().getByRole('region', { name: T.title }).getByRole('alert');
  courtError = () => this.panel().getByRole('region', { name: 'Courts' }).getByRole('alert');

  /** The court's Camera cell: its address as the server shows it, and the form to set it. */
  camera = (court: string) => this.courtRow(court).getByTestId('court-camera');
  cameraForm = (court: string) => this.courtRow(court).getByRole('form', { name: MESSAGES.recorders.cameraLabel(court) });

  /** Opens the court's Camera form and saves `url` typed whole into the address (the form takes its user name and password apart). */
  async setCamera(court: string, url: string) {
    const R = MESSAGES.recorders;
    await this.courtRow(court)
      .getByRole('button', { name: new RegExp(`^(${R.setCamera}|${R.changeCamera})$`) })
      .click();
    await this.cameraForm(court).getByLabel(R.cameraLabel(court)).fill(url);
    await this.cameraForm(court).getByRole('button', { name: R.saveCamera }).click();
  }

  async addVenue(name: string, location: string) {
    await this.addVenueButton().click();
    await this.venueForm().getByLabel(T.venueName).fill(name);
    await this.venueForm().getByLabel(T.location).fill(location);
    await this.venueForm().getByRole('button', { name: T.save }).click();
  }

  async selectVenue(name: string) {
    await this.venueItem(name).getByRole('button', { name }).click();
    await this.courtsHeading(name).waitFor();
  }

  async editVenue(name: string, newName: string) {
    await this.venueItem(name).getByRole('button', { name: T.edit }).click();
    const editing = this.panel().locator('li.editing');
    await editing.getByLabel(T.venueName).fill(newName);
    await editing.getByRole('button', { name: T.save }).click();
  }

  async addCourt(name: string) {
    if (!(await this.courtForm().isVisible())) await this.addCourtButton().click();
    await this.courtForm().getByLabel(T.fieldName).fill(name);
    await this.courtForm().getByRole('button', { name: T.save }).click();
  }

  async editCourt(name: string, newName: string) {
    await this.courtRow(name).getByRole('button', { name: T.edit }).click();
    await this.saveCourtEdit(name, newName);
  }

  /** While a court row is in edit mode: types the new name and saves. */
  async saveCourtEdit(name: string, newName: string) {
    await this.courtRow(name).getByLabel(T.fieldName).fill(newName);
    await this.courtRow(name).getByRole('button', { name: T.save }).click();
  }

  /** Clicks Delete, checks the inline question, then answers Yes (or No). */
  async delete(scope: ReturnType<Page['locator']>, confirm: boolean): Promise<string> {
    await scope.getByRole('button', { name: T.delete }).click();
    const question = (await scope.locator('.confirm-question').textContent()) ?? '';
    await scope.getByRole('button', { name: confirm ? D.yes : D.no }).click();
    return question;
  }
}
