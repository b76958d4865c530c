// The player's phone page /p/{token}, as a phone shows it.
import type { Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';

const T = MESSAGES.phone;

export class PhonePage {
  constructor(readonly page: Page) {}

  open = (url: string) => this.page.goto(url);
  videos = () => this.page.locator('#clips video');
  downloadButtons = () => this.page.locator('#clips a', { hasText: T.download });
  downloadAll = () => this.page.getByRole('link', { name: T.downloadAll });
  whatsApp = () => this.page.getByRole('link', { name: T.shareWhatsApp });

  /** Plays a clip (muted, as a phone allows without a tap) and answers how far it got. */
  async play(n: number): Promise<number> {
    return this.videos()
      .nth(n)
      .evaluate(async (video: HTMLVideoElement) => {
        video.muted = true;
        await video.play();
        await new Promise((resolve) => video.addEventListener('timeupdate', () => video.currentTime > 0.3 && resolve(null)));
        video.pause();
        return video.currentTime;
      });
  }
}
