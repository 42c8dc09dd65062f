import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TLookupOrderResult } from '@portal/contract';
import { Button, ButtonLink } from '../../../components/ui/button';
import { BoxIcon } from '../../../components/ui/icons';
import { translateFieldMessage } from '../../../lib/api/errors';
import { useLazyLookupTrackQuery } from '../api/orders-api';
import { TRACK_FIELD_CODES, useSaveTrack } from '../model/save-track';
import { orderTitle } from '../model/use-order-format';
import { orderLinks } from './order-card';
import { SearchIcon } from './order-icons';
import { StatusChip } from './status-chip';
import styles from './orders.module.css';

/** The track code's rule (the contract's, with the validation library) is fetched when the search field is used. */
const loadTrackCodeRule = () => import('@portal/contract/tracks/track-code');

/**
 * "Track an order": looks the code up among the customer's own parcels and saved codes, and offers to save
 * a code it does not find (saving attaches the parcel at once if the warehouse already has it).
 */
export function TrackSearchBox({
  initialCode = '',
  headingLevel = 2,
  testId = 'track-search',
}: {
  initialCode?: string;
  headingLevel?: 2 | 3;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string | null>(null);
  const [lookup, lookupState] = useLazyLookupTrackQuery();
  const [result, setResult] = useState<TLookupOrderResult | null>(null);
  const started = useRef(false);

  const search = async (raw: string) => {
    setResult(null);
    const { ZTrackCode } = await loadTrackCodeRule();
    const parsed = ZTrackCode.safeParse(raw);
    if (!parsed.success) {
      setError(translateFieldMessage(parsed.error.issues[0]?.message, t) ?? null);
      return;
    }
    setError(null);
    const answer = await lookup(parsed.data);
    if (answer.data) setResult(answer.data);
    else setError(t('orders:search.failed'));
  };

  // Opened with a code (?track= from the home page): search at once.
  useEffect(() => {
    if (initialCode && !started.current) {
      started.current = true;
      void search(initialCode);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- search once per code handed over by the URL, not on every render of search
  }, [initialCode]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void search(code);
  };
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <section className={styles.searchPanel} aria-labelledby={`${id}-title`} data-testid={testId}>
      <div className={styles.searchHead}>
        <span className={styles.searchIcon}>
          <BoxIcon size={22} />
        </span>
        <div>
          <Heading className={styles.searchTitle} id={`${id}-title`}>
            {t('orders:search.title')}
          </Heading>
          <p className={styles.resultText}>{t('orders:search.text')}</p>
        </div>
      </div>
      <form className={styles.searchForm} onSubmit={onSubmit} role="search" aria-label={t('orders:search.title')} noValidate>
        <label className="visually-hidden" htmlFor={`${id}-code`}>
          {t('orders:search.label')}
        </label>
        <input
          id={`${id}-code`}
          className={styles.searchInput}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onFocus={() => void loadTrackCodeRule()}
          placeholder={t('orders:search.placeholder')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid="track-search-input"
        />
        <Button type="submit" loading={lookupState.isFetching} data-testid="track-search-submit">
          <SearchIcon size={18} />
          {t('orders:search.submit')}
        </Button>
      </form>
      {error && (
        <p className={styles.searchError} id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      {result && <LookupResult result={result} onSaved={() => void search(result.track_code)} />}
    </section>
  );
}

/** The home page's track box: the same search, under the home page's test id. */
export function HomeTrackBox() {
  return <TrackSearchBox testId="track-box" />;
}

function LookupResult({ result, onSaved }: { result: TLookupOrderResult; onSaved: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saveTrack, saveState] = useSaveTrack();

  if (result.order) {
    const links = orderLinks(result.order);
    return (
      <div className={styles.result} role="status" data-testid="track-result" data-found="order">
        <div className={styles.resultHead}>
          <span className={styles.resultTitle}>
            {t('orders:search.found_order')}: {orderTitle(result.order)}
          </span>
          <StatusChip status={result.order.status} />
        </div>
        <span className={styles.code}>{result.order.track_code}</span>
        <div className={styles.actionsRow}>
          <ButtonLink size="sm" to={links.info} state={links.state}>
            {t('orders:search.open')}
          </ButtonLink>
          <ButtonLink size="sm" variant="secondary" to={links.timeline} state={links.state}>
            {t('orders:card.timeline')}
          </ButtonLink>
        </div>
      </div>
    );
  }
  if (result.saved_track) {
    return (
      <div className={styles.result} role="status" data-testid="track-result" data-found="saved_track">
        <span className={styles.resultTitle}>{result.saved_track.name || result.saved_track.track_code}</span>
        <span className={styles.code}>{result.saved_track.track_code}</span>
        <span className={styles.resultText}>{t('orders:search.found_track')}</span>
        <Link className={styles.actionLink} to="/orders/tracks">
          {t('orders:search.all_tracks')}
        </Link>
      </div>
    );
  }
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaveError(null);
    const answer = await saveTrack({ track_code: result.track_code, name: name.trim() || null });
    if ('data' in answer) onSaved();
    else
      setSaveError(
        TRACK_FIELD_CODES.includes(answer.error.code) || !Object.keys(answer.error.fields).length
          ? answer.error.message
          : (Object.values(answer.error.fields).flat()[0] ?? answer.error.message),
      );
  };
  return (
    <div className={styles.result} role="status" data-testid="track-result" data-found="none">
      <span className={styles.resultTitle}>{t('orders:search.not_found_title')}</span>
      <span className={styles.code}>{result.track_code}</span>
      <span className={styles.resultText}>{t('orders:search.not_found_text')}</span>
      <form className={styles.resultSave} onSubmit={save} noValidate>
        <input
          className={`${styles.searchInput} ${styles.nameInput}`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={t('orders:search.name_placeholder')}
          aria-label={t('orders:track_form.name')}
          maxLength={100}
        />
        <Button type="submit" variant="secondary" loading={saveState.isLoading} data-testid="track-result-save">
          {t('orders:search.save')}
        </Button>
      </form>
      {saveError && (
        <p className={styles.searchError} role="alert">
          {saveError}
        </p>
      )}
    </div>
  );
}
