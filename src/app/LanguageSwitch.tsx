import { useCommand } from '../components/commands/commands';
import { chooseLanguage, chosenLanguage, useT } from '../i18n/i18n';
import { isLocaleCode, LOCALES, type LocaleCode } from '../i18n/locales';

const BROWSER = 'browser';

/** The language Tether speaks: the browser's unless one is chosen here; changed at once, kept. */
export function LanguageSwitch() {
  // Drawn again when the language changes, which every choice does (or leaves as it was).
  const t = useT();
  const chosen = chosenLanguage();
  return (
    <label>
      {t('language.label')}
      <select
        className="language-switch"
        value={chosen ?? BROWSER}
        onChange={(event) =>
          void chooseLanguage(isLocaleCode(event.target.value) ? event.target.value : undefined)
        }
      >
        <option value={BROWSER}>{t('language.browser')}</option>
        {LOCALES.map(({ code, name }) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** "Language: Deutsch" and the others in the command palette, whether or not the select is drawn. */
export function LanguageCommands() {
  return LOCALES.map(({ code, name }) => <LanguageCommand key={code} code={code} name={name} />);
}

function LanguageCommand({ code, name }: { code: LocaleCode; name: string }) {
  const t = useT();
  useCommand(`language-${code}`, t('language.command', { name }), () => void chooseLanguage(code));
  return null;
}
