import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { describeApiError } from '../../../lib/api/errors';
import { loggedOut } from '../../../lib/session/auth-slice';
import { notify } from '../../../lib/ui/toast';
import { Button } from '../../../components/ui/button';
import { CodeInput } from '../../../components/ui/code-input';
import { Alert } from '../../../components/ui/feedback';
import { Sheet } from '../../../components/ui/overlay';
import { useDeleteAccountMutation, useSendDeleteAccountCodeMutation } from '../api/account-api';
import styles from './profile.module.css';

/**
 * "Delete account" (ADR 069): a warning of what is erased and what the carrier keeps, then a code to the customer's
 * number; the API refuses at the first step while a parcel is not handed over or money is owed, and says why.
 */
export function DeleteAccountSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [step, setStep] = useState<'warn' | 'code'>('warn');
  const [hint, setHint] = useState('');
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [sendCode, sending] = useSendDeleteAccountCodeMutation();
  const [remove, removing] = useDeleteAccountMutation();

  const close = () => {
    setStep('warn');
    setCode('');
    setFailure(null);
    onClose();
  };
  const onSend = async () => {
    setFailure(null);
    const result = await sendCode();
    if ('data' in result && result.data) {
      setHint(result.data.phone_hint ?? '');
      setStep('code');
      return;
    }
    const info = describeApiError(result.error, t);
    if (info.code === 'code_resend_too_soon') setStep('code');
    setFailure(info.message);
  };
  const onDelete = async (value = code) => {
    if (value.length < 6 || removing.isLoading) return;
    setFailure(null);
    const result = await remove({ code: value });
    if ('error' in result) {
      setFailure(describeApiError(result.error, t).message);
      return;
    }
    // Signed out here and now (every session already ended on the server): to the sign-in page, which says so.
    navigate('/auth', { replace: true });
    dispatch(loggedOut());
    notify.success(t('account:delete.done'));
  };

  return (
    <Sheet open={open} onClose={close} title={t('account:delete.title')}>
      {step === 'warn' ? (
        <div className={styles.sheetBody} data-testid="delete-account-warn">
          <Alert kind="error">{t('account:delete.warning')}</Alert>
          <ul className={styles.deleteList}>
            <li>{t('account:delete.erased')}</li>
            <li>{t('account:delete.kept')}</li>
            <li>{t('account:delete.blockers')}</li>
          </ul>
          {failure && <Alert>{failure}</Alert>}
          <div className={styles.sheetActions}>
            <Button variant="danger" loading={sending.isLoading} onClick={() => void onSend()} data-testid="delete-account-send">
              {t('account:delete.send_code')}
            </Button>
            <Button variant="secondary" onClick={close}>
              {t('common:cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <form
          className={styles.sheetBody}
          data-testid="delete-account-code"
          onSubmit={(e) => {
            e.preventDefault();
            void onDelete();
          }}
        >
          <p>{hint ? t('account:delete.code_lead', { phone: hint }) : t('account:delete.code_lead_plain')}</p>
          <CodeInput label={t('account:delete.code')} value={code} onChange={setCode} error={failure ?? undefined} autoFocus />
          <div className={styles.sheetActions}>
            <Button
              type="submit"
              variant="danger"
              loading={removing.isLoading}
              disabled={code.length < 6}
              data-testid="delete-account-confirm"
            >
              {t('account:delete.confirm')}
            </Button>
            <Button variant="secondary" onClick={close}>
              {t('common:cancel')}
            </Button>
          </div>
        </form>
      )}
    </Sheet>
  );
}
