// The Devices tab: this device's id, the mismatch warning, registration and the device table.
import type { Page } from 'playwright-core';
import { MESSAGES, RECORDER_SETUP_WORDS } from '@courtreplay/shared';

const T = MESSAGES.devices;
const D = MESSAGES.dashboard;

export class AdminDevicesTab {
  constructor(readonly page: Page) {}

  private panel = () => this.page.getByRole('tabpanel');
  currentId = () => this.panel().getByTestId('current-device-id');
  mismatchWarning = () => this.panel().getByText(T.idMismatch);
  resetAndSync = () => this.panel().getByRole('button', { name: T.resetAndSync });
  registerForm = () => this.panel().getByRole('form', { name: 'Register this device' });
  venueFilter = () => this.panel().getByLabel('Filter by venue');
  row = (deviceId: string) => this.panel().locator(`tr[data-device-id="${deviceId}"]`);
  // The kiosks' table (the recorders have their own, below).
  private table = () => this.panel().locator('table.devices-table');
  rows = () => this.table().locator('tbody tr');
  async headers(): Promise<string[]> {
    await this.table().locator('thead').waitFor();
    return this.table().locator('thead th').allTextContents();
  }
  text = (text: string) => this.panel().getByText(text, { exact: true });

  async waitForId(): Promise<string> {
    await this.panel().locator('[data-testid=current-device-id]:not(:text("..."))').waitFor();
    return (await this.currentId().textContent()) ?? '';
  }

  async register(venue?: string, court?: string) {
    if (venue) await this.registerForm().getByLabel('Venue *').selectOption({ label: venue });
    if (court) await this.registerForm().getByLabel(MESSAGES.adminScreens.devices.court).selectOption({ label: court });
    await this.registerForm().getByRole('button', { name: 'Register This Device' }).click();
  }

  status = (deviceId: string) => this.row(deviceId).locator('td').nth(4).textContent();

  async toggleAuthorization(deviceId: string) {
    await this.row(deviceId)
      .getByRole('button', { name: /^(Authorize|Deauthorize)$/ })
      .click();
  }

  staffPinForm = () => this.panel().getByRole('form', { name: MESSAGES.staffPin.title });
  staffPinState = () => this.panel().getByTestId('staff-pin-state');

  /** Sets the venue's staff PIN and waits for the server's answer. */
  async setStaffPin(venueId: number, pin: string) {
    const form = this.staffPinForm();
    await form.getByLabel(MESSAGES.staffPin.venue).selectOption(String(venueId));
    await form.getByLabel(MESSAGES.staffPin.pin).fill(pin);
    await form.getByRole('button', { name: MESSAGES.staffPin.save }).click();
    await this.staffPinState().getByText(MESSAGES.staffPin.isSet).waitFor();
  }

  testDevice = (deviceId: string) => this.row(deviceId).getByTestId('test-device');
  stagingToggle = (deviceId: string) =>
    this.row(deviceId).getByRole('button', { name: new RegExp(`^(${T.makeTestDevice}|${T.makeLiveDevice})$`) });

  async delete(deviceId: string) {
    await this.row(deviceId).getByRole('button', { name: T.delete }).click();
    await this.row(deviceId).getByRole('button', { name: D.yes }).click();
  }

  /** The venue's recorders (their own panel of the tab). */
  recorders = () => this.panel().getByRole('region', { name: MESSAGES.recorders.title });
  recorderRow = (name: string) => this.recorders().locator(`tr[data-recorder="${name}"]`);
  /** One of Add recorder's commands: `recorderStep('linux', 'run')` (recorderSetup in shared/ names them). */
  recorderStep = (system: string, step: string) => this.recorders().getByTestId(`recorder-${system}-${step}`);
  copyButton = (system: string, step: string) =>
    this.recorderStep(system, step).locator('..').getByRole('button', { name: RECORDER_SETUP_WORDS.en.copy });

  /** Add recorder: fills the form and waits for the commands that carry the token, shown once. */
  async addRecorder(venue: string, name: string): Promise<void> {
    const R = MESSAGES.recorders;
    await this.recorders().getByRole('button', { name: R.addRecorder }).click();
    const form = this.recorders().getByRole('form', { name: R.addRecorder });
    await form.getByLabel(R.venue).selectOption({ label: venue });
    await form.getByLabel(R.name).fill(name);
    await form.getByRole('button', { name: R.create }).click();
    await this.recorders().getByTestId('recorder-token').waitFor();
  }
}
