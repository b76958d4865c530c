import { KIOSK_LANGUAGE_NAMES, KIOSK_LANGUAGES } from '@courtreplay/shared';
import { useKioskLanguage, useMessages } from '../i18n/language.ts';
import './LanguageSwitch.css';

/** EN | ID, always in reach at the top of every kiosk screen; each button at least 48 px square. */
export function LanguageSwitch() {
  const { language, choose } = useKioskLanguage();
  const m = useMessages();
  return (
    <div className="language-switch" role="group" aria-label={m.language.switchLabel} data-testid="language-switch">
      {KIOSK_LANGUAGES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          className={l === language ? 'is-current' : undefined}
          aria-pressed={l === language}
          title={KIOSK_LANGUAGE_NAMES[l]}
          data-language={l}
          onClick={() => choose(l)}
        >
          {l.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
