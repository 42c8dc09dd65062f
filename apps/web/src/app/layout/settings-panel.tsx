import { useId, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLang } from '@portal/contract';
import { useAppDispatch, useAppSelector } from '../hooks';
import { useUpdateUserMutation } from '../../features/account/api/account-api';
import { changeLanguage } from '../../lib/preferences/change-language';
import { LANGUAGE_OPTIONS, selectLang } from '../../lib/preferences/lang-slice';
import { selectTheme, themeChanged } from '../../lib/preferences/theme-slice';
import { selectIsAuthenticated } from '../../lib/session/auth-slice';
import { useLogout } from '../../lib/session/use-logout';
import { Flag } from '../../components/ui/flag';
import { CheckIcon, ChevronDownIcon, GlobeIcon, LogoutIcon, MoonIcon } from '../../components/ui/icons';
import { Popover, useDismiss } from '../../components/ui/overlay';
import { Switch } from '../../components/ui/switch';
import styles from './layout.module.css';

interface SettingsPanelProps {
  panelId: string;
  /** The menu's wrapper: a click outside it (or Escape) closes the panel. */
  wrap: RefObject<HTMLDivElement | null>;
  close: () => void;
}

/**
 * The settings menu's panel: languages (flag, name, check on the current one), the dark-theme switch,
 * logout when signed in. Loaded when the menu is first opened or pointed at (settings-menu.tsx), so its
 * code and the account calls it makes are not part of the first screen's JavaScript.
 */
export default function SettingsPanel({ panelId, wrap, close }: SettingsPanelProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector(selectLang);
  const theme = useAppSelector(selectTheme);
  const signedIn = useAppSelector(selectIsAuthenticated);
  const [logout, { isLoading: loggingOut }] = useLogout();
  const [updateUser] = useUpdateUserMutation();
  const [langsOpen, setLangsOpen] = useState(false);
  const langListId = useId();
  const themeLabelId = useId();
  useDismiss(wrap, true, close);

  const chooseLanguage = async (next: TLang) => {
    const changed = await dispatch(changeLanguage(next));
    setLangsOpen(false);
    // Signed-in users get their SMS and notifications in the language they chose.
    if (changed && signedIn) updateUser({ language: next }).catch(() => undefined);
  };

  const onLogout = async () => {
    close();
    await logout();
  };

  const current = LANGUAGE_OPTIONS.find((o) => o.code === lang) ?? LANGUAGE_OPTIONS[1]!;

  return (
    <Popover id={panelId} label={t('common:settings.title')}>
      <ul className={styles.menuList}>
        <li>
          <button
            type="button"
            className={styles.menuItem}
            aria-expanded={langsOpen}
            aria-controls={langListId}
            onClick={() => setLangsOpen((v) => !v)}
            data-testid="language-toggle"
          >
            <GlobeIcon size={20} />
            {t('common:settings.language')}
            <span className={styles.menuItemEnd}>
              <Flag lang={current.flag} size={20} />
              <ChevronDownIcon size={18} className={[styles.chevron, langsOpen && styles.chevronOpen].filter(Boolean).join(' ')} />
            </span>
          </button>
          {langsOpen && (
            <ul className={styles.langList} id={langListId} role="menu" aria-label={t('common:settings.language')}>
              {LANGUAGE_OPTIONS.map((option) => (
                <li key={option.code} role="none">
                  <button
                    type="button"
                    role="menuitemradio"
                    aria-checked={option.code === lang}
                    lang={option.code}
                    className={`${styles.menuItem} ${styles.langItem}`}
                    onClick={() => void chooseLanguage(option.code)}
                  >
                    <Flag lang={option.flag} />
                    {option.name}
                    {option.code === lang && <CheckIcon size={18} className={styles.check} />}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </li>
        <li>
          <div className={styles.menuItem}>
            <MoonIcon size={20} />
            <span id={themeLabelId}>{t('common:settings.dark_theme')}</span>
            <span className={styles.menuItemEnd}>
              <Switch
                checked={theme === 'dark'}
                onChange={(dark) => dispatch(themeChanged(dark ? 'dark' : 'light'))}
                labelledBy={themeLabelId}
              />
            </span>
          </div>
        </li>
        {signedIn && (
          <>
            <li className={styles.menuDivider} aria-hidden="true" />
            <li>
              <button type="button" className={`${styles.menuItem} ${styles.logout}`} onClick={() => void onLogout()} disabled={loggingOut}>
                <LogoutIcon size={20} />
                {t('common:settings.logout')}
              </button>
            </li>
          </>
        )}
      </ul>
    </Popover>
  );
}
