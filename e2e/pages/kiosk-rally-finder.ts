// Page object of the grid's rally finder: the court chips, the time jumps, the "New"
// badge and the Marked moments row; labels from the shared catalogue.
import type { Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';

const T = MESSAGES.courts;

export class KioskRallyFinder {
  constructor(readonly page: Page) {}

  courtChips = () => this.page.getByRole('group', { name: T.chips });
  courtChip = (name: string) => this.courtChips().getByRole('button', { name, exact: true });
  timeJumps = () => this.page.getByRole('group', { name: T.timeJump });
  timeJump = (name: string) => this.timeJumps().getByRole('button', { name, exact: true });
  markedMoments = () => this.page.getByTestId('marked-grid');
  /** Marked moments' cards as [title, court] pairs, newest first. */
  markedCards = () =>
    this.markedMoments()
      .getByTestId('video-card')
      .evaluateAll((cards) =>
        cards.map((card) => [
          card.querySelector('[data-testid=video-title]')?.textContent ?? '',
          card.querySelector('[data-testid=video-court]')?.textContent ?? '',
        ]),
      );
  newBadges = () => this.page.getByTestId('video-new');

  /** The chips' names in order, and the pressed one. */
  async chips(): Promise<{ names: string[]; pressed: string[] }> {
    const buttons = this.courtChips().getByRole('button');
    const names = await buttons.allTextContents();
    const pressed: string[] = [];
    for (let i = 0; i < names.length; i++) if ((await buttons.nth(i).getAttribute('aria-pressed')) === 'true') pressed.push(names[i]!);
    return { names, pressed };
  }

  /** The titles on the grid below the filters (the Recent and Older lists). */
  gridTitles = () =>
    this.page.locator('[data-testid="recent-grid"], [data-testid="older-grid"]').getByTestId('video-title').allTextContents();
}
