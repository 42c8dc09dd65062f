import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../components/ui/icons';
import styles from './layout.module.css';

const loadPanel = () => import('./settings-panel');
const SettingsPanel = lazy(loadPanel);

/**
 * The settings menu's button; its panel (settings-panel.tsx) loads when the button is pointed at,
 * focused or pressed, not with the page.
 */
export function SettingsMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  const preload = () => void loadPanel();

  return (
    <div className={styles.menuWrap} ref={wrap}>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={t('common:settings.open')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        onClick={() => (open ? close() : setOpen(true))}
        onPointerEnter={preload}
        onFocus={preload}
        onTouchStart={preload}
        data-testid="settings-button"
      >
        <MenuIcon className={styles.menuIcon} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <SettingsPanel panelId={panelId} wrap={wrap} close={close} />
        </Suspense>
      )}
    </div>
  );
}
