import { useQuery } from '@tanstack/react-query';
import { EMAIL_COPY_KEY } from '@courtreplay/shared';
import { QueryState } from '../common/QueryState.tsx';
import { configQueries, configValue } from '../config/queries.ts';
import { Collapsible } from './Collapsible.tsx';
import { EmailTemplateSection } from './EmailTemplateSection.tsx';
import { MediaSection } from './MediaSection.tsx';
import { MEDIA, type CmsMedia } from './upload.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';

/** The four sections' media; the promo video's section also holds the optional portrait one. */
const MEDIA_ORDER: CmsMedia[] = ['promoVideo', 'backgroundImage', 'watermark'];

export function CmsTab() {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.cms;
  const config = useQuery(configQueries.list());
  return (
    <div className="stack">
      {MEDIA_ORDER.map((media) => (
        <Collapsible key={media} title={T.sections[media]}>
          <MediaSection media={media} current={configValue(config.data, MEDIA[media].configKey) || undefined} />
          {media === 'promoVideo' ? (
            <MediaSection media="portraitPromoVideo" current={configValue(config.data, MEDIA.portraitPromoVideo.configKey) || undefined} />
          ) : null}
        </Collapsible>
      ))}
      <Collapsible title={T.sections.emailTemplate}>
        <QueryState isPending={config.isPending} error={config.error} fallback={MESSAGES.emailConfig.loadFailed} />
        {config.data && <EmailTemplateSection stored={configValue(config.data, EMAIL_COPY_KEY)} />}
      </Collapsible>
    </div>
  );
}
