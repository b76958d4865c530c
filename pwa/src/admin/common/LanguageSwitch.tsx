// The back-office's language switch: English or Bahasa Indonesia, in the header
// of every back-office page. Two buttons, each named in its own language; the pressed one is the
// language in use. Signed in, the choice is kept for this admin on the server.
import { ADMIN_LANGUAGES, KIOSK_LANGUAGE_NAMES } from '@courtreplay/shared';
import { useAdminLanguage, useAdminMessages } from '../i18n/admin-language.ts';
import { useChooseAdminLanguage } from '../session/mutations.ts';
import './LanguageSwitch.css';

export function LanguageSwitch() {
  const T = useAdminMessages().adminScreens;
  const current = useAdminLanguage();
  const { choose, isPending, isError } = useChooseAdminLanguage();
  return (
    <div className="admin-language-switch">
      <div className="segmented" role="group" aria-label={T.language}>
        {ADMIN_LANGUAGES.map((language) => (
          <button
            key={language}
            type="button"
            lang={language}
            className={language === current ? 'btn btn-sm btn-primary' : 'btn btn-sm'}
            aria-pressed={language === current}
            disabled={isPending}
            onClick={() => language !== current && choose(language)}
          >
            {KIOSK_LANGUAGE_NAMES[language]}
          </button>
        ))}
      </div>
      {isError && (
        <p className="notice notice-error" role="alert">
          {T.languageFailed}
        </p>
      )}
    </div>
  );
}
