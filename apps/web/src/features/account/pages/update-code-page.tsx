import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { describeApiError } from '../../../lib/api/errors';
import { codeFlowStarted, selectUser } from '../../../lib/session/auth-slice';
import { FlowCard, flowStyles } from '../../../components/flow/flow-card';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { PhoneIcon } from '../../../components/ui/icons';
import { readablePhone } from '../../../components/ui/phone-field';
import { useSendPhoneChangeCodeMutation } from '../api/account-api';

/** /profile/account/update-code: a code goes to the current number first, proving it is yours. */
export default function UpdateCodePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const [send, { isLoading }] = useSendPhoneChangeCodeMutation();
  const [failure, setFailure] = useState<string | null>(null);
  if (!user) return null;

  const onSend = async () => {
    setFailure(null);
    const result = await send();
    if ('data' in result && result.data) {
      dispatch(
        codeFlowStarted({
          purpose: 'update_phone',
          phone_number: user.phone_number,
          phone_hint: result.data.phone_hint,
          resend_at: Date.now() + result.data.resend_after * 1000,
        }),
      );
      navigate('/profile/account/update-verify');
      return;
    }
    const info = describeApiError(result.error, t);
    if (info.code === 'code_resend_too_soon' && info.retryAfter) {
      dispatch(
        codeFlowStarted({ purpose: 'update_phone', phone_number: user.phone_number, resend_at: Date.now() + info.retryAfter * 1000 }),
      );
      navigate('/profile/account/update-verify');
      return;
    }
    setFailure(info.message);
  };

  return (
    <FlowCard
      testId="update-code-page"
      step={[1, 3]}
      icon={<PhoneIcon />}
      title={t('account:phone.code_title')}
      lead={t('account:phone.code_lead')}
    >
      <div className={flowStyles.form}>
        <p className={flowStyles.muted}>
          {t('account:phone.current')} <span className={flowStyles.phone}>{readablePhone(user.phone_number)}</span>
        </p>
        {failure && <Alert>{failure}</Alert>}
        <div className={flowStyles.actions}>
          <Button block onClick={() => void onSend()} loading={isLoading}>
            {t('account:phone.send_code')}
          </Button>
          <ButtonLink block variant="secondary" to="/profile/account">
            {t('common:cancel')}
          </ButtonLink>
        </div>
      </div>
    </FlowCard>
  );
}
