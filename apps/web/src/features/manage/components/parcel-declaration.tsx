import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDeclarationView } from '@portal/contract';
import { ItemLinesEditor, useMinorMoney } from '../../../components/declarations/item-lines-editor';
import { fromItems, parseLines, type DraftLine, type LineErrors } from '../../../components/declarations/item-lines-model';
import { Button } from '../../../components/ui/button';
import { Alert, Spinner } from '../../../components/ui/feedback';
import { useParcelDeclarationQuery, useSaveParcelDeclarationMutation } from '../api/declarations-api';
import { errorInfo, errorText } from '../model/api-error';
import styles from '../manage.module.css';

/**
 * The parcel's contents at receipt (issue 36, ADR 086): the owner's item lines as they declared them, which the China
 * warehouse completes or corrects (the customer sees "corrected by the warehouse"); read only at a branch, after
 * dispatch, or while the parcel has no owner (with the reason).
 */
export function ParcelDeclaration({ parcelId }: { parcelId: number }) {
  const { t } = useTranslation();
  const q = useParcelDeclarationQuery(parcelId, { refetchOnMountOrArgChange: true });
  // Kept here: a save gives the view a new version, which starts the form afresh from it (the note stays).
  const [note, setNote] = useState<Note | null>(null);
  if (q.isLoading) return <Spinner />;
  if (q.error || !q.data) return <Alert kind="error">{errorText(q.error, t)}</Alert>;
  return (
    <Panel
      key={q.data.updated_at ?? 'new'}
      parcelId={parcelId}
      view={q.data}
      note={note}
      setNote={setNote}
      onStale={() => void q.refetch()}
    />
  );
}

type Note = { kind: 'success' | 'error'; text: string };

function Panel({
  parcelId,
  view,
  note,
  setNote,
  onStale,
}: {
  parcelId: number;
  view: TDeclarationView;
  note: Note | null;
  setNote: (note: Note | null) => void;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const money = useMinorMoney();
  const [lines, setLines] = useState<DraftLine[]>(() => fromItems(view.items));
  const [errors, setErrors] = useState<LineErrors>({});
  const [save, saving] = useSaveParcelDeclarationMutation();
  const lock = view.locked_reason;

  const onSave = async () => {
    const parsed = parseLines(lines);
    setErrors(parsed.errors);
    setNote(null);
    if (!parsed.ok) return;
    try {
      await save({
        id: parcelId,
        body: { items: parsed.items, declared_value: view.declared_value, insured: view.insured, updated_at: view.updated_at },
      }).unwrap();
      setNote({ kind: 'success', text: t('manage:declaration.saved') });
    } catch (error) {
      setNote({ kind: 'error', text: errorText(error, t) });
      if (['stale_write', 'declaration_locked'].includes(errorInfo(error, t).code)) onStale();
    }
  };

  return (
    <section className={styles.stackGap} data-testid="parcel-declaration">
      <h3 className={styles.subTitle}>{t('manage:declaration.title')}</h3>
      {lock && (
        <Alert kind="info">
          {t(
            lock === 'no_owner'
              ? 'manage:declaration.no_owner'
              : lock === 'dispatched'
                ? 'manage:declaration.dispatched'
                : 'manage:declaration.read_only',
          )}
        </Alert>
      )}
      {lock !== 'no_owner' && (
        <>
          <ItemLinesEditor lines={lines} onChange={setLines} errors={errors} readOnly={!view.editable} idPrefix="staff" />
          <p className={styles.muted}>
            {view.declared_value !== null
              ? t('manage:declaration.value', { amount: money(view.declared_value, view.declared_currency) })
              : t('manage:declaration.no_value')}
            {' · '}
            {view.insured && view.premium !== null
              ? t('manage:declaration.insured', { amount: money(view.premium, view.premium_currency) })
              : t('manage:declaration.not_insured')}
          </p>
        </>
      )}
      {note && <Alert kind={note.kind}>{note.text}</Alert>}
      {view.editable && (
        <Button variant="secondary" onClick={() => void onSave()} loading={saving.isLoading} data-testid="staff-declaration-save">
          {t('manage:declaration.save')}
        </Button>
      )}
    </section>
  );
}
