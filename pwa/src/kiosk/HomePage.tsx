// Kiosk home (spec section 2): the looping muted promo video with its poster, falling back to an
// embedded player page, then to the static background; the logo fades in after 500 ms; 'See Your'
// + product name only on an authorised device. A portrait screen plays the portrait promo video
// when there is one, switching live on rotation; otherwise the landscape one,
// letterboxed rather than cropped to its middle.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useIsRestoring } from '@tanstack/react-query';
import { useKioskLanguage, useMessages } from '../i18n/language.ts';
import { Logo } from './Logo.tsx';
import { resetClips } from './clip-store.ts';
import { resetCheckoutSession } from './checkout/session.ts';
import { useKioskBase } from './kiosk-base.ts';
import { useDeviceTrust } from './device-trust.tsx';
import { configValue, productQuery, useKioskConfig, useProductName } from './queries.ts';
import { useLiveQueryState } from './live-query.ts';
import { clearExceptKept } from './storage-rule.ts';
import './HomePage.css';

type Backdrop = 'video' | 'embed' | 'static';

const isDirectMedia = (url: string) => /\.(mp4|webm|mov|m4v|ogv)(\?|#|$)/i.test(url) || url.startsWith('/media/');

const portraitQuery = () => window.matchMedia('(orientation: portrait)');

/** True while the screen is taller than wide; follows rotation. */
function usePortraitScreen(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = portraitQuery();
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => portraitQuery().matches,
  );
}

export function HomePage() {
  const { base, staging } = useKioskBase();
  const { trust } = useDeviceTrust();
  // The persisted product name (or the server's, asked at boot) before "See Your …" shows, so a venue's own name never flashes in after the default.
  const storedName = useProductName();
  const liveProduct = useLiveQueryState<{ productName: string }>(productQuery().queryKey);
  const restoring = useIsRestoring();
  const productName = liveProduct?.data?.productName ?? storedName;
  const nameKnown = liveProduct?.data !== undefined || !restoring;
  const config = useKioskConfig();
  const portrait = usePortraitScreen();
  const landscapeVideo = configValue(config.data, 'CMS_PROMO_VIDEO', staging);
  const portraitVideo = configValue(config.data, 'CMS_PROMO_VIDEO_PORTRAIT', staging);
  const background = configValue(config.data, 'CMS_BG_IMAGE', staging);
  /** `${backdrop} ${url}` of every backdrop that could not play. */
  const [failed, setFailed] = useState<string[]>([]);
  const fail = (backdrop: Backdrop, url: string) => setFailed((f) => [...f, `${backdrop} ${url}`]);
  const m = useMessages();
  const { reset: resetLanguage } = useKioskLanguage();

  useEffect(() => {
    // Every player starts in the venue's language.
    resetLanguage();
    clearExceptKept(localStorage);
    clearExceptKept(sessionStorage);
    resetClips();
    resetCheckoutSession();
  }, [resetLanguage]);

  // The portrait video first on a portrait screen, then the landscape one; each as a video, then embedded.
  const candidates = [portrait ? portraitVideo : null, landscapeVideo].filter((url): url is string => !!url);
  let backdrop: Backdrop = 'static';
  let promoVideo: string | null = null;
  for (const url of candidates) {
    if (!failed.includes(`video ${url}`)) backdrop = 'video';
    else if (!isDirectMedia(url) && !failed.includes(`embed ${url}`)) backdrop = 'embed';
    else continue;
    promoVideo = url;
    break;
  }
  const letterboxed = portrait && promoVideo !== portraitVideo;

  return (
    <main className="home" style={background ? { backgroundImage: `url("${background}")` } : undefined}>
      {backdrop === 'video' && promoVideo ? (
        <video
          key={promoVideo}
          className={letterboxed ? 'home-video home-video-letterboxed' : 'home-video'}
          src={promoVideo}
          poster={background ?? undefined}
          autoPlay
          muted
          loop
          playsInline
          onError={() => fail('video', promoVideo)}
          data-testid="promo-video"
        />
      ) : null}
      {backdrop === 'embed' && promoVideo ? (
        <iframe
          key={promoVideo}
          className="home-embed"
          src={promoVideo}
          title={m.kioskHome.promoTitle}
          allow="autoplay"
          onError={() => fail('embed', promoVideo)}
        />
      ) : null}
      <div className="home-scrim" />
      <div className="home-content">
        <div className="home-logo">
          <Logo size="lg" />
        </div>
        <p className="home-tagline">{m.kioskHome.tagline}</p>
        {trust === 'authorized' && nameKnown ? (
          <Link className="btn btn-primary btn-xl home-cta" to={`${base}/video-selection`}>
            {m.kioskHome.seeYour(productName)}
          </Link>
        ) : null}
      </div>
    </main>
  );
}
