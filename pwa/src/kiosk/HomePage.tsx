// Kiosk home (spec section 2): the looping muted promo video with its poster, falling back to an
// embedded player page, then to the static background; the logo fades in after 500 ms; 'See Your'
// + product name only on an authorised device.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useKioskLanguage, useMessages } from '../i18n/language.ts';
import { Logo } from './Logo.tsx';
import { resetClips } from './clip-store.ts';
import { useKioskBase } from './kiosk-base.ts';
import { configQuery, configValue, deviceStatusQuery, productName } from './queries.ts';
import { clearExceptKept } from './storage-rule.ts';

type Backdrop = 'video' | 'embed' | 'static';

const isDirectMedia = (url: string) => /\.(mp4|webm|mov|m4v|ogv)(\?|#|$)/i.test(url) || url.startsWith('/media/');

export function HomePage() {
  const { base, staging } = useKioskBase();
  const device = useQuery(deviceStatusQuery());
  const config = useQuery(configQuery());
  const promoVideo = configValue(config.data, 'CMS_PROMO_VIDEO', staging);
  const background = configValue(config.data, 'CMS_BG_IMAGE', staging);
  const [failed, setFailed] = useState<Backdrop[]>([]);
  const m = useMessages();
  const { reset: resetLanguage } = useKioskLanguage();

  useEffect(() => {
    // Every player starts in the venue's language (issue 12 point 12).
    resetLanguage();
    clearExceptKept(localStorage);
    clearExceptKept(sessionStorage);
    resetClips();
  }, [resetLanguage]);

  let backdrop: Backdrop = 'static';
  if (promoVideo && !failed.includes('video')) backdrop = 'video';
  else if (promoVideo && !isDirectMedia(promoVideo) && !failed.includes('embed')) backdrop = 'embed';

  return (
    <main className="home" style={background ? { backgroundImage: `url("${background}")` } : undefined}>
      {backdrop === 'video' && promoVideo ? (
        <video
          className="home-video"
          src={promoVideo}
          poster={background ?? undefined}
          autoPlay
          muted
          loop
          playsInline
          onError={() => setFailed((f) => [...f, 'video'])}
          data-testid="promo-video"
        />
      ) : null}
      {backdrop === 'embed' && promoVideo ? (
        <iframe
          className="home-embed"
          src={promoVideo}
          title={m.kioskHome.promoTitle}
          allow="autoplay"
          onError={() => setFailed((f) => [...f, 'embed'])}
        />
      ) : null}
      <div className="home-scrim" />
      <div className="home-content">
        <div className="home-logo">
          <Logo size="lg" />
        </div>
        <p className="home-tagline">{m.kioskHome.tagline}</p>
        {device.data?.authorized ? (
          <Link className="btn btn-primary btn-xl home-cta" to={`${base}/video-selection`}>
            {m.kioskHome.seeYour(productName)}
          </Link>
        ) : null}
      </div>
    </main>
  );
}
