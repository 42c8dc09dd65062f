import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { BoxIcon } from '../../../components/ui/icons';
import { SearchIcon } from '../../../components/content/content-icons';
import styles from './home.module.css';

/** "Track an order": leads to the orders page with the typed tracking code (?track=…). */
export function TrackBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = code.trim();
    navigate(trimmed ? `/orders?track=${encodeURIComponent(trimmed)}` : '/orders');
  };
  return (
    <section className={`${styles.panel} ${styles.track}`} aria-labelledby="track-title" data-testid="track-box">
      <div className={styles.panelHead}>
        <span className={styles.panelIcon}>
          <BoxIcon size={22} />
        </span>
        <div>
          <h2 className={styles.panelTitle} id="track-title">
            {t('home:track.title')}
          </h2>
          <p className={styles.panelText}>{t('home:track.text')}</p>
        </div>
      </div>
      <form className={styles.trackForm} onSubmit={onSubmit} role="search" aria-label={t('home:track.title')}>
        <label className="visually-hidden" htmlFor="track-code">
          {t('home:track.label')}
        </label>
        <input
          id="track-code"
          className={styles.trackInput}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder={t('home:track.placeholder')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
        />
        <Button type="submit">
          <SearchIcon size={18} />
          {t('home:track.submit')}
        </Button>
      </form>
    </section>
  );
}
