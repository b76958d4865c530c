import { describe, expect, it } from 'vitest';
import { cmsMediaUrls } from './media-warmup.ts';

describe('which CMS media are fetched ahead for the cache', () => {
  it("takes this server's /media/ files of every CMS key, live and staging, once each", () => {
    expect(
      cmsMediaUrls([
        { key: 'CMS_PROMO_VIDEO', value: '/media/promo-video-a-0123456789ab.mp4' },
        { key: 'CMS_PROMO_VIDEO_PORTRAIT', value: '/media/promo-portrait-d-0123456789ab.mp4' },
        { key: 'CMS_BG_IMAGE', value: '/media/background-b-0123456789ab.jpg' },
        { key: 'CMS_WATERMARK_STAGING', value: '/media/watermark-c-0123456789ab.png' },
        { key: 'CMS_BG_IMAGE_STAGING', value: '/media/background-b-0123456789ab.jpg' },
      ]),
    ).toEqual([
      '/media/promo-video-a-0123456789ab.mp4',
      '/media/promo-portrait-d-0123456789ab.mp4',
      '/media/background-b-0123456789ab.jpg',
      '/media/watermark-c-0123456789ab.png',
    ]);
  });
  it('leaves out other sites, empty values and non-media keys', () => {
    expect(
      cmsMediaUrls([
        { key: 'CMS_PROMO_VIDEO', value: 'https://drive.google.com/file/d/x/preview' },
        { key: 'CMS_WATERMARK', value: '' },
        { key: 'DEFAULT_PRICE', value: '/media/not-media' },
      ]),
    ).toEqual([]);
  });
});
