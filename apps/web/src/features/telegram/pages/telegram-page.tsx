import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { describeApiError } from '../../../lib/api/errors';
import { codeFlowStarted, codeVerified } from '../../../lib/session/auth-slice';
import { NEXT_PARAM, safeNextPath } from '../../../lib/session/next-path';
import { TAB_KEYS, tabStorage } from '../../../lib/storage';
import { insideTelegram, telegramApp } from '../../../lib/telegram/detect';
import { useTelegramMainButton } from '../../../lib/telegram/buttons';
import { FlowCard, flowStyles as styles } from '../../../components/flow/flow-card';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { PhoneIcon, TelegramIcon } from '../../../components/ui/icons';
import { useTelegramContactMutation } from '../api/telegram-api';
import { telegramStarted, type TelegramStartResult } from '../model/telegram-start';
import { useTelegramTexts } from '../model/use-telegram-texts';

/**
 * /auth/telegram, inside Telegram without a session: a Telegram user linked to no account shares their phone
 * (requestContact); the server links the account with that phone, or registration goes on with it proven (no code).
 * Data Telegram did not sign, or too old, asks to reopen the app from the bot.
 */
export default function TelegramPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get(NEXT_PARAM));
  const [sendContact] = useTelegramContactMutation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const texts = useTelegramTexts();
  // The start may end after the guard sent the visitor here (a kept session the server refused): wait for it.
  const [start, setStart] = useState<TelegramStartResult | null>(insideTelegram() ? null : 'outside');
  useEffect(() => {
    let live = true;
    void telegramStarted.then((value) => live && setStart(value));
    return () => {
      live = false;
    };
  }, []);
  const canShare = start === 'not_linked' && telegramApp() !== null;

  const share = () => {
    const app = telegramApp();
    if (!app || busy) return;
    setFailure(null);
    setBusy(true);
    app.requestContact((shared, answer) => {
      if (!shared || answer?.status !== 'sent' || !answer.response) {
        setBusy(false);
        setFailure(t('telegram:cancelled'));
        return;
      }
      void sendContact({ contact: answer.response }).then((res) => {
        setBusy(false);
        if ('error' in res) {
          setFailure(describeApiError(res.error, t).message);
          return;
        }
        const data = res.data;
        if (data.status === 'signed_in') {
          navigate(next ?? '/', { replace: true });
          return;
        }
        tabStorage.write(TAB_KEYS.registerForm, { first_name: data.first_name, last_name: data.last_name });
        dispatch(codeFlowStarted({ purpose: 'register', phone_number: data.phone_number, resend_at: 0, via: 'telegram' }));
        dispatch(codeVerified({ verification_token: data.verification_token }));
        navigate('/auth/register-form', { replace: true });
      });
    });
  };
  const mainButton = useTelegramMainButton(texts && canShare ? { text: t('telegram:share'), onClick: share, progress: busy } : null);

  const passwordLink = (
    <>
      {t('telegram:have_password')} <Link to="/auth">{t('telegram:sign_in_password')}</Link>
    </>
  );

  if (!texts || !start) return null;
  if (!canShare) {
    const message = start === 'refused' ? 'reopen' : start === 'unavailable' ? 'unavailable' : start === 'outside' ? 'outside' : 'failed';
    return (
      <FlowCard testId="telegram-page" icon={<TelegramIcon />} title={t('telegram:title')} footer={passwordLink}>
        <div data-testid="telegram-refused">
          <Alert>{t(`telegram:${message}`)}</Alert>
        </div>
      </FlowCard>
    );
  }

  return (
    <FlowCard
      testId="telegram-page"
      icon={<PhoneIcon />}
      title={t('telegram:share_title')}
      lead={t('telegram:share_lead')}
      footer={passwordLink}
    >
      <div className={styles.form}>
        {failure && <Alert>{failure}</Alert>}
        {!mainButton && (
          <div className={styles.actions}>
            <Button block loading={busy} onClick={share}>
              {t('telegram:share')}
            </Button>
          </div>
        )}
      </div>
    </FlowCard>
  );
}
