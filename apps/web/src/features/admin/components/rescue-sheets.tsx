import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CORRECTION_REASON_MAX, CORRECTION_REASON_MIN, type TAdminUser } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { Sheet } from '../../../components/ui/overlay';
import { PhoneField, readablePhone } from '../../../components/ui/phone-field';
import { useChangeUserPhoneMutation, useRenameUserMutation } from '../api/admin-api';
import { errorText } from '../model/api-error';
import styles from '../admin.module.css';

/** What both sheets are given: the customer, whether the sheet is open, and what to do on close and when done. */
interface RescueSheetProps {
  user: TAdminUser;
  open: boolean;
  onClose: () => void;
  onDone: (text: string) => void;
}

/**
 * "Change phone" for a customer who lost their SIM (ADR 069): the new number and a reason, then a confirmation that
 * says what happens (sessions ended, QR revoked, an SMS to the new number); the API's refusal (taken number …) is shown
 * on the first step.
 */
export function ChangePhoneSheet({ user, open, onClose, onDone }: RescueSheetProps) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [reason, setReason] = useState('');
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [errors, setErrors] = useState<{ phone?: string; reason?: string }>({});
  const [change, changing] = useChangeUserPhoneMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setStep('form');
    setFailure(null);
    onClose();
  };
  const next = (e: FormEvent) => {
    e.preventDefault();
    const errs: typeof errors = {};
    if (!phone) errs.phone = t('admin:rescue.phone_required');
    else if (phone === user.phone_number) errs.phone = t('admin:rescue.phone_same');
    const why = reason.trim();
    if (why.length < CORRECTION_REASON_MIN) errs.reason = t('admin:rescue.reason_short', { min: CORRECTION_REASON_MIN });
    setErrors(errs);
    setFailure(null);
    if (!Object.keys(errs).length) setStep('confirm');
  };
  const confirm = async () => {
    const result = await change({ id: user.id, body: { phone_number: phone, reason: reason.trim(), updated_at: user.updated_at } });
    if ('data' in result && result.data) {
      setPhone('');
      setReason('');
      close();
      onDone(result.data.sms_sent ? t('admin:rescue.phone_done') : t('admin:rescue.phone_done_no_sms'));
      return;
    }
    setFailure(errorText(result.error, t));
    setStep('form');
  };

  return (
    <Sheet open={open} onClose={close} title={t('admin:rescue.phone_title')}>
      {step === 'form' ? (
        <form className={styles.sheetForm} onSubmit={next} noValidate data-testid="rescue-phone-form">
          <p className={styles.muted}>{t('admin:rescue.phone_lead', { phone: readablePhone(user.phone_number) })}</p>
          <PhoneField label={t('admin:rescue.new_phone')} value={phone} onChange={setPhone} error={errors.phone} autoFocus />
          <TextField
            label={t('admin:rescue.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={errors.reason}
            hint={t('admin:rescue.reason_hint')}
            maxLength={CORRECTION_REASON_MAX}
            data-testid="rescue-reason"
          />
          {failure && <Alert>{failure}</Alert>}
          <div className={styles.row}>
            <Button type="submit" data-testid="rescue-phone-next">
              {t('admin:rescue.continue')}
            </Button>
          </div>
        </form>
      ) : (
        <div className={styles.sheetForm} data-testid="rescue-phone-confirm">
          <dl className={styles.confirmList}>
            <dt>{t('admin:rescue.from')}</dt>
            <dd>{readablePhone(user.phone_number)}</dd>
            <dt>{t('admin:rescue.to')}</dt>
            <dd>
              <strong>{readablePhone(phone)}</strong>
            </dd>
            <dt>{t('admin:rescue.reason')}</dt>
            <dd>{reason.trim()}</dd>
          </dl>
          <Alert kind="info">{t('admin:rescue.phone_effects')}</Alert>
          <div className={styles.row}>
            <Button variant="danger" loading={changing.isLoading} onClick={() => void confirm()} data-testid="rescue-phone-confirm-button">
              {t('admin:rescue.phone_confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setStep('form')}>
              {t('admin:rescue.back')}
            </Button>
          </div>
        </div>
      )}
    </Sheet>
  );
}

/** "Edit name": the customer's first and last name as on their ID (audited). */
export function EditNameSheet({ user, open, onClose, onDone }: RescueSheetProps) {
  const { t } = useTranslation();
  const [first, setFirst] = useState(user.first_name);
  const [last, setLast] = useState(user.last_name);
  const [rename, renaming] = useRenameUserMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await rename({ id: user.id, body: { first_name: first, last_name: last, updated_at: user.updated_at } });
    if ('data' in result && result.data) {
      setFailure(null);
      onClose();
      onDone(t('admin:rescue.name_done'));
    } else setFailure(errorText(result.error, t));
  };
  return (
    <Sheet open={open} onClose={onClose} title={t('admin:rescue.name_title')}>
      <form className={styles.sheetForm} onSubmit={(e) => void submit(e)} noValidate data-testid="rescue-name-form">
        <TextField label={t('admin:users.first_name')} value={first} onChange={(e) => setFirst(e.target.value)} required autoFocus />
        <TextField label={t('admin:users.last_name')} value={last} onChange={(e) => setLast(e.target.value)} required />
        {failure && <Alert>{failure}</Alert>}
        <div className={styles.row}>
          <Button type="submit" loading={renaming.isLoading} disabled={!first.trim() || !last.trim()} data-testid="rescue-name-save">
            {t('admin:save')}
          </Button>
        </div>
      </form>
    </Sheet>
  );
}
