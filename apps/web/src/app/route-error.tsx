import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../components/ui/button';
import { ErrorState } from '../components/ui/feedback';

/** What shows when a page failed to load or render (most often a stale chunk after a deploy): a reload. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <ErrorState
      level={1}
      title={t('errors:page_failed.title')}
      text={t('errors:page_failed.text')}
      actions={
        <>
          <Button onClick={() => window.location.reload()}>{t('errors:page_failed.reload')}</Button>
          <ButtonLink variant="secondary" to="/" reloadDocument>
            {t('common:go_home_short')}
          </ButtonLink>
        </>
      }
    />
  );
}

/** Catches a page's render or chunk-loading error; keyed by the address, so navigating away resets it. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('page failed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
