import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { SUPPORT_CATEGORIES, SUPPORT_MESSAGE_MAX_LENGTH, type TSupportReceipt } from '@portal/contract';
import { useAppSelector } from '../../../app/hooks';
import { useCreateSupportMutation } from '../../../lib/api/content-api';
import { describeApiError, translateFieldMessage } from '../../../lib/api/errors';
import { applyFieldErrors, onlyFieldErrors } from '../../../lib/forms/api-errors';
import { selectUser } from '../../../lib/session/auth-slice';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Alert } from '../../../components/ui/feedback';
import { describedBy, FieldShell, fieldStyles, SelectField, TextField } from '../../../components/ui/field';
import { CheckIcon } from '../../../components/ui/icons';
import { SUPPORT_FIELDS, supportDefaults, ZSupportForm, type TSupportFormInput, type TSupportFormOutput } from '../model/support-form';
import { MyRequests, SupportThreadView } from '../components/support-requests';
import styles from '../components/info.module.css';
import { useSubmitOnce } from '../../../lib/forms/use-submit-once';

/** /support: a topic, a message and a contact; validated like the API does, with a receipt on success. */
export default function SupportPage() {
  const { t } = useTranslation();
  const id = useId();
  const user = useAppSelector(selectUser);
  const [createSupport] = useCreateSupportMutation();
  const [receipt, setReceipt] = useState<TSupportReceipt | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, watch, formState } = useForm<TSupportFormInput, unknown, TSupportFormOutput>({
    resolver: zodResolver(ZSupportForm),
    defaultValues: supportDefaults(user),
  });
  const length = (watch('message') ?? '').length;
  const requestId = Number(useSearchParams()[0].get('request')) || null;
  const err = (name: (typeof SUPPORT_FIELDS)[number]) => translateFieldMessage(formState.errors[name]?.message, t);

  const onSubmit = useSubmitOnce(
    handleSubmit(async (values) => {
      setFailure(null);
      const result = await createSupport(values);
      if ('data' in result && result.data) {
        setReceipt(result.data);
        reset(supportDefaults(user));
        return;
      }
      const info = describeApiError(result.error, t);
      const rest = applyFieldErrors(info, setError, SUPPORT_FIELDS);
      if (!onlyFieldErrors(info, SUPPORT_FIELDS) || rest.length) setFailure([info.message, ...rest].join(' '));
    }),
  );

  if (requestId && user) {
    return (
      <div className={styles.page} data-testid="support-page">
        <PageHeader title={t('info:support.title')} />
        <SupportThreadView id={requestId} />
      </div>
    );
  }

  if (receipt) {
    return (
      <div className={styles.page} data-testid="support-page">
        <PageHeader title={t('info:support.title')} />
        <Card className={styles.success} role="status" data-testid="support-success">
          <span className={styles.successIcon}>
            <CheckIcon size={30} />
          </span>
          <h2 className={styles.successTitle}>{t('info:support.sent_title')}</h2>
          <p>{receipt.message}</p>
          <div className={styles.successActions}>
            <Button variant="secondary" onClick={() => setReceipt(null)}>
              {t('info:support.another')}
            </Button>
            <ButtonLink to="/">{t('common:go_home_short')}</ButtonLink>
          </div>
        </Card>
        {user && <MyRequests />}
      </div>
    );
  }

  const messageError = err('message');
  return (
    <div className={styles.page} data-testid="support-page">
      <PageHeader title={t('info:support.title')} lead={t('info:support.lead')} />
      <Card className={styles.formCard}>
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-describedby={failure ? `${id}-failure` : undefined}>
          <SelectField label={t('info:support.category')} error={err('category')} defaultValue="" {...register('category')}>
            <option value="" disabled>
              {t('info:support.category_choose')}
            </option>
            {SUPPORT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`info:support.categories.${c}`)}
              </option>
            ))}
          </SelectField>
          <FieldShell id={`${id}-message`} label={t('info:support.message')} error={messageError} hint={t('info:support.message_hint')}>
            <div className={`${fieldStyles.control} ${styles.textareaControl}`}>
              <textarea
                id={`${id}-message`}
                className={`${fieldStyles.input} ${styles.textarea}`}
                rows={6}
                maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
                aria-invalid={messageError ? true : undefined}
                aria-describedby={`${describedBy(`${id}-message`, messageError, t('info:support.message_hint'))} ${id}-counter`}
                {...register('message')}
              />
            </div>
          </FieldShell>
          <p id={`${id}-counter`} className={styles.counter}>
            {t('info:support.counter', { count: length, max: SUPPORT_MESSAGE_MAX_LENGTH })}
          </p>
          <div className={styles.formRow}>
            <TextField
              label={t('info:support.contact')}
              hint={t('info:support.contact_hint')}
              autoComplete="tel"
              error={err('contact')}
              {...register('contact')}
            />
            <TextField label={t('info:support.name')} autoComplete="name" error={err('name')} {...register('name')} />
          </div>
          {failure && (
            <div id={`${id}-failure`}>
              <Alert>{failure}</Alert>
            </div>
          )}
          <Button type="submit" loading={formState.isSubmitting} className={styles.submit} data-testid="support-submit">
            {t('info:support.send')}
          </Button>
        </form>
      </Card>
      {user && <MyRequests />}
    </div>
  );
}
