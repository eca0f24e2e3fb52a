import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, PageFrame, Skeleton } from 'shared/ui';
import { useHost, useUserInfo } from '#lib';
import styles from './auth.module.css';

/** How long the "ready" line stays before moving on: long enough to read, short enough not to wait. */
const HAND_OVER_MS = 800;

/**
 * /login/loginAfter: greets the user while their account details load (which also proves the new
 * session works), then sends them on to /home/index.
 */
export function LoginAfterScreen() {
  const { t } = useTranslation(['mf_account', 'msg']);
  const host = useHost();
  const navigate = useNavigate();
  const info = useUserInfo();
  const account = info.data?.account ?? host.getSession().account;

  useEffect(() => {
    if (info.status !== 'succeeded') return;
    const timer = setTimeout(() => navigate('/home/index', { replace: true }), HAND_OVER_MS);
    return () => clearTimeout(timer);
  }, [info.status, navigate]);

  return (
    <PageFrame title={t('loginAfter.title')} back={false}>
      <div className={styles.welcome} aria-live="polite" aria-busy={info.status === 'loading'}>
        <p className={styles.welcomeTitle}>{t('loginAfter.welcome', { account })}</p>
        {info.status === 'loading' ? (
          <>
            <p className={styles.welcomeText}>{t('loginAfter.preparing')}</p>
            <Skeleton width="60%" />
          </>
        ) : null}
        {info.status === 'succeeded' ? <p className={styles.welcomeText}>{t('loginAfter.ready')}</p> : null}
        {info.status === 'failed' ? (
          <>
            <p className={styles.welcomeText} role="alert">
              {t('loginAfter.failed')} {info.error ? t(`msg:${info.error.key}`, { ...info.error.values }) : null}
            </p>
            <Button onClick={info.retry} block>
              {t('loginAfter.retry')}
            </Button>
          </>
        ) : null}
        <Button
          variant={info.status === 'failed' ? 'secondary' : 'ghost'}
          onClick={() => navigate('/home/index', { replace: true })}
          block
        >
          {t('loginAfter.continue')}
        </Button>
      </div>
    </PageFrame>
  );
}
