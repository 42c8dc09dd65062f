import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BULK_PASTE_MAX_CHARS, BULK_TRACKS_MAX, parseTrackPaste, type TSaveTracksResponse } from '@portal/contract';
import { useAppDispatch } from '../../../app/hooks';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { describedBy, FieldShell, fieldStyles } from '../../../components/ui/field';
import { describeApiError } from '../../../lib/api/errors';
import { checkSession } from '../../../lib/session/session-api';
import { useSaveTracksMutation } from '../api/orders-api';
import styles from './bulk-track-form.module.css';

type Result = TSaveTracksResponse['data'][number];

/**
 * Many tracking codes pasted at once (a marketplace's order list): one code per line, the code column of a copied
 * row, or codes separated by commas. The preview shows what was read from each line; saving answers per line.
 */
export function BulkTrackForm({ onSaved }: { onSaved?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const dispatch = useAppDispatch();
  const [text, setText] = useState('');
  const [results, setResults] = useState<Result[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [save, state] = useSaveTracksMutation();
  const lines = useMemo(() => parseTrackPaste(text), [text]);
  const codes = lines.flatMap((l) => (l.code ? [l.code] : []));
  const tooMany = codes.length > BULK_TRACKS_MAX;

  const submit = async () => {
    setProblem(null);
    const answer = await save({ codes });
    if ('error' in answer) {
      setProblem(describeApiError(answer.error, t).message);
      return;
    }
    setResults(answer.data);
    setText('');
    if (answer.data.some((r) => r.result === 'claimed')) void dispatch(checkSession());
    onSaved?.();
  };

  if (results) {
    const saved = results.filter((r) => ['saved', 'claimed', 'checking'].includes(r.result)).length;
    return (
      <div className={styles.wrap} data-testid="bulk-results">
        <Alert kind={saved ? 'success' : 'info'}>{t('orders:bulk.summary', { saved, count: results.length })}</Alert>
        <ul className={styles.list}>
          {results.map((r, i) => (
            <li key={`${r.code}-${i}`} className={styles.row} data-result={r.result} data-testid="bulk-result">
              <span className={styles.code}>{r.code}</span>
              <span className={`${styles.badge} ${styles[r.result]}`}>{t(`orders:bulk.result.${r.result}`)}</span>
              {r.result === 'owned_by_other' && (
                <Link to="/support" className={styles.help}>
                  {t('orders:bulk.dispute')}
                </Link>
              )}
            </li>
          ))}
        </ul>
        <Button variant="secondary" onClick={() => setResults(null)} data-testid="bulk-again">
          {t('orders:bulk.again')}
        </Button>
      </div>
    );
  }

  return (
    <form
      className={styles.wrap}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (codes.length && !tooMany) void submit();
      }}
      data-testid="bulk-track-form"
    >
      <FieldShell id={id} label={t('orders:bulk.label')} hint={t('orders:bulk.hint', { max: BULK_TRACKS_MAX })}>
        <div className={fieldStyles.control}>
          <textarea
            id={id}
            className={`${fieldStyles.input} ${styles.textarea}`}
            value={text}
            maxLength={BULK_PASTE_MAX_CHARS}
            rows={6}
            spellCheck={false}
            autoCapitalize="characters"
            placeholder={'YT7712030455861\nLP00123456789CN\n…'}
            onChange={(e) => setText(e.target.value)}
            aria-describedby={describedBy(id, undefined, t('orders:bulk.hint', { max: BULK_TRACKS_MAX }))}
            data-testid="bulk-input"
          />
        </div>
      </FieldShell>
      {lines.length > 0 && (
        <div aria-live="polite">
          <p className={styles.muted}>{t('orders:bulk.preview', { count: codes.length })}</p>
          <ul className={styles.list} data-testid="bulk-preview">
            {lines.map((l, i) => (
              <li key={`${l.line}-${i}`} className={styles.row}>
                <span className={styles.line}>{l.line}</span>
                {l.code ? (
                  <span className={styles.code}>{l.code}</span>
                ) : (
                  <>
                    <span className={styles.raw}>{l.raw}</span>
                    <span className={`${styles.badge} ${styles.invalid}`}>{t('orders:bulk.result.invalid')}</span>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {tooMany && <Alert kind="error">{t('orders:bulk.too_many', { max: BULK_TRACKS_MAX })}</Alert>}
      {problem && <Alert kind="error">{problem}</Alert>}
      <Button type="submit" loading={state.isLoading} disabled={!codes.length || tooMany} data-testid="bulk-save">
        {t('orders:bulk.save', { count: codes.length })}
      </Button>
    </form>
  );
}
