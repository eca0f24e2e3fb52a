import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, PageFrame, Skeleton } from 'shared/ui';
import { useHost, useUserInfo } from '#lib';
import styles from './auth.module.css';

/**
 * /login/loginAfter: greets the user while their account details load (which also proves the new
 * session works), then sends them on to /home/index as soon as they have: no pause to read a greeting
 * (it was 800 ms, more than half the password hash's own time; bench/login.bench.mjs, issue 15).
 */
export function LoginAfterScreen() {
  const { t } = useTranslation(['mf_account', 'msg']);
  const host = useHost();
  const navigate = useNavigate();
  // The login asked for them with the new session a moment ago (login-screen.tsx): not asked again.
  const info = useUserInfo({ maxAgeSeconds: 10 });
  const account = info.data?.account ?? host.getSession().account;

  useEffect(() => {
    if (info.status === 'succeeded') navigate('/home/index', { replace: true });
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
