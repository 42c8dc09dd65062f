import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPUTE_NOTE_MAX_LENGTH, type TDispute, type TDisputeSaver } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert, EmptyState, PageSpinner } from '../../../components/ui/feedback';
import { describedBy, FieldShell, fieldStyles, TextField } from '../../../components/ui/field';
import { Sheet } from '../../../components/ui/overlay';
import { useAssignDisputeMutation, useDisputesQuery, useReleaseDisputeMutation } from '../api/manage-api';
import { QuestionBoxIcon } from '../components/manage-icons';
import { Pager, ParcelSummary } from '../components/parcel-bits';
import { errorText } from '../model/api-error';
import { formatDateTime } from '../model/format';
import styles from '../manage.module.css';

const saverName = (s: TDisputeSaver) => `${s.first_name} ${s.last_name}`.trim();

/** The savers of one disputed code: who, how to reach them, when each saved it (earliest first). */
function SaverList({ savers }: { savers: TDisputeSaver[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ol className={styles.saverList} aria-label={t('manage:disputes.savers')} data-testid="dispute-savers">
      {savers.map((s) => (
        <li key={s.user_id} className={styles.saver}>
          <span>
            <strong>{s.client_code}</strong> · {saverName(s)}
          </span>
          <span className={styles.muted}>{s.phone_number}</span>
          <span className={styles.muted}>{t('manage:disputes.saved_at', { date: formatDateTime(s.saved_at, i18n.language) })}</span>
          {s.name && <span className={styles.muted}>«{s.name}»</span>}
        </li>
      ))}
    </ol>
  );
}

/**
 * The assign dialog: one of the savers and what staff checked (required; kept in the history, never shown to customers).
 * When every saver has deleted the code there is nobody to choose: the dialog releases the parcel to the unclaimed
 * parcels instead, with a note why.
 */
function AssignDialog({ dispute, onClose, onDone }: { dispute: TDispute; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const noteId = useId();
  const [saver, setSaver] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ saver?: string; note?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [assign, assigning] = useAssignDisputeMutation();
  const [release, releasing] = useReleaseDisputeMutation();
  const orphan = dispute.savers.length === 0;
  const noteHint = t(orphan ? 'manage:disputes.release_note_hint' : 'manage:disputes.note_hint');
  return (
    <Sheet
      open
      onClose={onClose}
      title={t(orphan ? 'manage:disputes.release_title' : 'manage:disputes.assign_title', { code: dispute.parcel.track_code })}
    >
      <form
        className={styles.stackGap}
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const next = {
            ...(!orphan && saver === null ? { saver: t('manage:disputes.choose_saver') } : {}),
            ...(!note.trim() ? { note: t('validation:required') } : {}),
          };
          setErrors(next);
          setProblem(null);
          if (Object.keys(next).length) return;
          try {
            if (orphan) {
              const p = await release({ id: dispute.parcel.id, note: note.trim() }).unwrap();
              onDone(t('manage:disputes.released', { code: p.track_code }));
              return;
            }
            const p = await assign({ id: dispute.parcel.id, user_id: saver!, note: note.trim() }).unwrap();
            const chosen = dispute.savers.find((s) => s.user_id === saver);
            onDone(
              t('manage:disputes.assigned', {
                code: p.track_code,
                customer: chosen ? `${chosen.client_code} ${saverName(chosen)}` : '',
              }),
            );
          } catch (error) {
            setProblem(errorText(error, t));
          }
        }}
      >
        {orphan ? (
          <Alert kind="info">{t('manage:disputes.no_savers')}</Alert>
        ) : (
          <fieldset className={styles.saverChoice} aria-describedby={errors.saver ? `${noteId}-saver` : undefined}>
            <legend className={styles.legend}>{t('manage:disputes.give_to')}</legend>
            {dispute.savers.map((s) => (
              <label key={s.user_id} className={styles.saverOption}>
                <input
                  type="radio"
                  name="saver"
                  value={s.user_id}
                  checked={saver === s.user_id}
                  onChange={() => setSaver(s.user_id)}
                  data-testid="dispute-saver-option"
                />
                <span>
                  <strong>{s.client_code}</strong> · {saverName(s)} <span className={styles.muted}>{s.phone_number}</span>
                </span>
              </label>
            ))}
            {errors.saver && (
              <span id={`${noteId}-saver`} className={styles.fieldError} role="alert">
                {errors.saver}
              </span>
            )}
          </fieldset>
        )}
        <FieldShell id={noteId} label={t('manage:disputes.note')} error={errors.note} hint={noteHint}>
          <div className={fieldStyles.control}>
            <textarea
              id={noteId}
              className={`${fieldStyles.input} ${styles.textarea}`}
              rows={3}
              maxLength={DISPUTE_NOTE_MAX_LENGTH}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={describedBy(noteId, errors.note, noteHint)}
              data-testid="dispute-note"
            />
          </div>
        </FieldShell>
        {problem && <Alert kind="error">{problem}</Alert>}
        <div className={styles.actionsRow}>
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={assigning.isLoading || releasing.isLoading} data-testid="dispute-assign-submit">
            {t(orphan ? 'manage:disputes.release' : 'manage:disputes.assign')}
          </Button>
        </div>
      </form>
    </Sheet>
  );
}

/** Disputed parcels: several customers saved the code and nothing names the owner; staff check and give it to one. */
export function DisputesWork() {
  const { t, i18n } = useTranslation();
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<TDispute | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const list = useDisputesQuery({ q: search, page });

  return (
    <section className={styles.panel}>
      <h2 className={styles.panelTitle}>{t('manage:disputes.title')}</h2>
      <p className={styles.muted}>{t('manage:disputes.lead')}</p>
      <form
        className={styles.searchRow}
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(q.trim());
          setPage(1);
        }}
      >
        <TextField
          label={t('manage:unclaimed.search')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          data-testid="disputes-search"
        />
        <Button type="submit" variant="secondary">
          {t('manage:find.search')}
        </Button>
      </form>
      {message && <Alert kind="success">{message}</Alert>}
      {list.isLoading ? (
        <PageSpinner />
      ) : list.error ? (
        <Alert kind="error">{errorText(list.error, t)}</Alert>
      ) : !list.data?.data.length ? (
        <EmptyState icon={<QuestionBoxIcon size={30} />} title={t('manage:disputes.empty')} />
      ) : (
        <>
          <p className={styles.muted}>{t('manage:list.total', { count: list.data.meta.total })}</p>
          <ul className={styles.plainList} data-testid="disputes-list">
            {list.data.data.map((d) => (
              <li key={d.parcel.id} className={styles.listItem} data-testid="dispute">
                <ParcelSummary
                  parcel={d.parcel}
                  end={
                    <Button size="sm" variant="secondary" onClick={() => setOpen(d)} data-testid="dispute-assign">
                      {t(d.savers.length ? 'manage:disputes.assign' : 'manage:disputes.release')}
                    </Button>
                  }
                />
                <p className={styles.muted}>
                  {d.savers.length
                    ? t('manage:disputes.since', { date: formatDateTime(d.disputed_at, i18n.language), count: d.savers.length })
                    : t('manage:disputes.since_date', { date: formatDateTime(d.disputed_at, i18n.language) })}
                </p>
                {d.savers.length ? (
                  <SaverList savers={d.savers} />
                ) : (
                  <p className={styles.muted} data-testid="dispute-no-savers">
                    {t('manage:disputes.no_savers_short')}
                  </p>
                )}
              </li>
            ))}
          </ul>
          <Pager page={list.data.meta.current_page} lastPage={list.data.meta.last_page} onPage={setPage} />
        </>
      )}
      {open && (
        <AssignDialog
          dispute={open}
          onClose={() => setOpen(null)}
          onDone={(m) => {
            setOpen(null);
            setMessage(m);
          }}
        />
      )}
    </section>
  );
}
