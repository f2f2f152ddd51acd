import { Suspense } from 'react';
import { useT } from '../i18n/i18n';
import { LanguageCommands, LanguageSwitch } from './LanguageSwitch';
import { setThemeChoice, useThemeChoice, type ThemeChoice } from './theme';
import { lazyPart } from '../components/boundaries/lazyPart';
import { usePopover } from '../components/usePopover';
import { NotifyToggle } from '../components/follow/NotifyToggle';
import { openServers } from '../components/servers/serversDialog';
import { useDialogOpenings } from './useDialogOpenings';

// What the browser keeps of conversations, with its limit and Clear: loaded with the first opening.
const CopySettings = lazyPart(() => import('../components/browserCopy/CopySettings'));
const MissedAnswerSetting = lazyPart(() => import('../components/answers/MissedAnswerSetting'));
// Alerts through the notification relay: their dialog loads when it opens.
const AlertsDialog = lazyPart(() => import('../components/alerts/AlertsDialog'));

/**
 * This browser's settings (theme, language; on a phone also Servers and Notify me) behind one
 * button, in a popover: the browser closes it
 * on Escape or a click outside and gives focus back to the button. Its controls are drawn the
 * first time it opens, so the first screen holds one button, not two selects and their options.
 */
export function HeaderSettings() {
  const t = useT();
  const { id, ref, open, openedOnce } = usePopover();
  const alerts = useDialogOpenings();
  return (
    <>
      <button type="button" className="settings-button" popoverTarget={id} aria-expanded={open} data-icon="⋯">
        {t('settings.label')}
      </button>
      <div
        id={id}
        ref={ref}
        popover="auto"
        className="header-settings"
        role="group"
        aria-label={t('settings.label')}
      >
        {openedOnce && (
          <>
            {/* On a phone the header has room for icons only: Servers and Notify me live here. */}
            <div className="phone-only header-menu-actions">
              <button type="button" onClick={openServers}>
                {t('serverPanel.servers')}
              </button>
              <NotifyToggle />
            </div>
            <ThemeSwitch />
            <LanguageSwitch />
            <Suspense fallback={null}>
              <MissedAnswerSetting />
              <CopySettings />
            </Suspense>
            <button type="button" onClick={alerts.show}>
              {t('settings.alerts')}
            </button>
          </>
        )}
      </div>
      {alerts.opening !== null && (
        <Suspense fallback={null}>
          <AlertsDialog key={alerts.opening} onClose={() => alerts.closed(alerts.opening!)} />
        </Suspense>
      )}
      <LanguageCommands />
    </>
  );
}

function ThemeSwitch() {
  const choice = useThemeChoice();
  const t = useT();
  return (
    <label>
      {t('theme.label')}
      <select
        className="theme-switch"
        value={choice}
        onChange={(event) => setThemeChoice(event.target.value as ThemeChoice)}
      >
        <option value="system">{t('theme.system')}</option>
        <option value="light">{t('theme.light')}</option>
        <option value="dark">{t('theme.dark')}</option>
      </select>
    </label>
  );
}
