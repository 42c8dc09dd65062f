import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS, type TSlotRule } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { useSaveSlotRulesMutation, useSlotRulesQuery } from '../api/admin-slot-rules-api';
import { errorText } from '../model/api-error';
import adminStyles from '../admin.module.css';
import styles from './places.module.css';

type Row = { slot_minutes: '15' | '30'; capacity: string };

/** A branch's pickup slots (ADR 092): per weekday the slot length and how many customers a slot takes (0 = none). */
export function SlotRulesSection({ branchId }: { branchId: number }) {
  const { t } = useTranslation();
  const q = useSlotRulesQuery(branchId);
  // Kept here: the form starts again from the saved rules, and what the save said outlives it.
  const [note, setNote] = useState<Note | null>(null);
  if (!q.data) return q.error ? <Alert kind="error">{errorText(q.error, t)}</Alert> : null;
  return <SlotRulesForm key={JSON.stringify(q.data)} branchId={branchId} rules={q.data} note={note} setNote={setNote} />;
}

type Note = { kind: 'success' | 'error'; text: string; kept?: number };

function SlotRulesForm(props: { branchId: number; rules: TSlotRule[]; note: Note | null; setNote: (note: Note | null) => void }) {
  const { branchId, rules, note, setNote } = props;
  const { t } = useTranslation();
  const [save, saving] = useSaveSlotRulesMutation();
  const [rows, setRows] = useState<Record<string, Row>>(() =>
    Object.fromEntries(
      WEEKDAYS.map((day) => {
        const r = rules.find((x) => x.day === day);
        return [day, { slot_minutes: String(r?.slot_minutes ?? 30) as Row['slot_minutes'], capacity: String(r?.capacity ?? 0) }];
      }),
    ),
  );
  const set = (day: string, patch: Partial<Row>) => setRows((all) => ({ ...all, [day]: { ...all[day]!, ...patch } }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const body = {
        rules: WEEKDAYS.map((day) => ({
          day,
          slot_minutes: Number(rows[day]!.slot_minutes) as 15 | 30,
          capacity: rows[day]!.capacity.trim() === '' ? Number.NaN : Number(rows[day]!.capacity),
        })),
      };
      const saved = await save({ id: branchId, body }).unwrap();
      setNote({ kind: 'success', text: t('admin:slot_rules.saved'), kept: saved.kept });
    } catch (error) {
      setNote({ kind: 'error', text: errorText(error, t) });
    }
  };
  return (
    <form className={styles.section} onSubmit={(e) => void submit(e)} data-testid="slot-rules">
      <h2 className={styles.sectionTitle}>{t('admin:slot_rules.title')}</h2>
      <p className={styles.hint}>{t('admin:slot_rules.lead')}</p>
      {WEEKDAYS.map((day) => (
        <fieldset key={day} className={styles.methods} data-testid={`slot-rule-${day}`}>
          <legend>{t(`content:weekday.${day}`)}</legend>
          <div className={styles.grid3}>
            <SelectField
              label={t('admin:slot_rules.length')}
              value={rows[day]!.slot_minutes}
              onChange={(e) => set(day, { slot_minutes: e.target.value as Row['slot_minutes'] })}
            >
              <option value="15">{t('admin:slot_rules.minutes', { count: 15 })}</option>
              <option value="30">{t('admin:slot_rules.minutes', { count: 30 })}</option>
            </SelectField>
            <TextField
              label={t('admin:slot_rules.capacity')}
              inputMode="numeric"
              maxLength={3}
              value={rows[day]!.capacity}
              onChange={(e) => set(day, { capacity: e.target.value })}
              data-testid={`slot-capacity-${day}`}
            />
          </div>
        </fieldset>
      ))}
      {note && <Alert kind={note.kind}>{note.text}</Alert>}
      {note?.kept ? (
        <div data-testid="slot-rules-kept">
          <Alert kind="info">{t('admin:slot_rules.kept', { count: note.kept })}</Alert>
        </div>
      ) : null}
      <div className={adminStyles.row}>
        <Button type="submit" loading={saving.isLoading} data-testid="slot-rules-save">
          {t('admin:slot_rules.save')}
        </Button>
      </div>
    </form>
  );
}
