import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { describeApiError, translateFieldMessage } from '../../../lib/api/errors';
import { applyFieldErrors } from '../../../lib/forms/api-errors';
import { codeFlowEnded, selectCodeFlow } from '../../../lib/session/auth-slice';
import { notify } from '../../../lib/ui/toast';
import { FlowCard, flowStyles } from '../../../components/flow/flow-card';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { PhoneIcon } from '../../../components/ui/icons';
import { PhoneField } from '../../../components/ui/phone-field';
import { useUpdatePhoneMutation } from '../api/account-api';
import { ZNewPhoneForm, type TNewPhoneForm } from '../model/phone-change';

/** /profile/account/update-phone: the new number, once the current one is proven. */
export default function UpdatePhonePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const flow = useAppSelector(selectCodeFlow);
  const [updatePhone] = useUpdatePhoneMutation();
  const [failure, setFailure] = useState<{ text: string; restart: boolean } | null>(null);
  // Set once the number is saved: the flow then ends, and this page must not send the user back to its start.
  const finished = useRef(false);
  const { control, handleSubmit, setError, formState } = useForm<TNewPhoneForm, unknown, { phone_number: string }>({
    resolver: zodResolver(ZNewPhoneForm),
    defaultValues: { phone_number: '' },
  });
  if (!flow || flow.purpose !== 'update_phone' || !flow.verification_token) {
    return finished.current ? null : <Navigate to="/profile/account/update-code" replace />;
  }
  const { verification_token } = flow;

  const onSubmit = handleSubmit(async ({ phone_number }) => {
    setFailure(null);
    const result = await updatePhone({ phone_number, verification_token });
    if ('data' in result && result.data) {
      finished.current = true;
      notify.success(t('common:saved'));
      navigate('/profile/account', { replace: true });
      dispatch(codeFlowEnded());
      return;
    }
    const info = describeApiError(result.error, t);
    const rest = applyFieldErrors(info, setError, ['phone_number']);
    if (!info.fields.phone_number || rest.length) setFailure({ text: info.message, restart: info.code === 'verification_token_invalid' });
  });

  return (
    <FlowCard testId="update-phone-page" step={[3, 3]} icon={<PhoneIcon />} title={t('account:phone.new_title')} lead={t('account:phone.new_lead')}>
      <form className={flowStyles.form} onSubmit={onSubmit} noValidate>
        <Controller
          control={control}
          name="phone_number"
          render={({ field, fieldState }) => (
            <PhoneField
              label={t('account:phone.new_label')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={translateFieldMessage(fieldState.error?.message, t)}
              autoFocus
            />
          )}
        />
        {failure && (
          <Alert>
            {failure.text}
            {failure.restart && (
              <>
                {' '}
                <Link to="/profile/account/update-code">{t('auth:register.start_again')}</Link>
              </>
            )}
          </Alert>
        )}
        <div className={flowStyles.actions}>
          <Button type="submit" block loading={formState.isSubmitting}>
            {t('account:phone.save')}
          </Button>
        </div>
      </form>
    </FlowCard>
  );
}
