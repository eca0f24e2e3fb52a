import { useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { ConfirmDialog, Skeleton } from 'shared/ui';
import {
  CATALOGUE_IDS,
  CATALOGUE_ROUTES,
  NotAllowed,
  QUEUES,
  QUEUE_IDS,
  useAdminAccess,
  useHost,
  useRemoteTranslation,
} from '#lib';
import styles from '../lib/admin.module.css';

/**
 * Log out of the back office: after a confirmation the host ends the session on the server (/user/logout: the
 * token answers 401 from then on), clears it here and goes to the login screen. The button sits in the navigation;
 * the dialog outside it (the navigation's inverse colours would paint its title white on white).
 */
function useLogout() {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const button = (
    <button type="button" className={styles.navLogout} onClick={() => setConfirming(true)}>
      {t('nav.logout')}
    </button>
  );
  const dialog = (
    <ConfirmDialog
      open={confirming}
      title={t('nav.logoutConfirm')}
      confirmLabel={t('nav.logout')}
      tone="danger"
      busy={busy}
      onCancel={() => setConfirming(false)}
      onConfirm={async () => {
        setBusy(true);
        await host.logout();
        setBusy(false);
        setConfirming(false);
      }}
    >
      {t('nav.logoutBody')}
    </ConfirmDialog>
  );
  return { button, dialog };
}

/**
 * The back office's frame around every screen: the side navigation (only what the operator's roles may read) and
 * the screen. The session's roles come from /admin/me; a session the server does not know as an administrator
 * sees the not-allowed screen and no navigation.
 */
export function AdminFrame({ children }: { children: ReactNode }) {
  const { t } = useRemoteTranslation();
  const access = useAdminAccess();
  const logout = useLogout();
  if (access.state === 'loading')
    return (
      <div className={styles.content} aria-busy="true">
        <Skeleton width="40%" height="32px" />
      </div>
    );
  if (access.state === 'denied') return <NotAllowed />;
  if (access.state === 'failed')
    return (
      <div className={styles.notAllowed} role="alert">
        <p>{t('frame.failed')}</p>
        <button type="button" className="ds-button ds-button--primary" onClick={access.retry}>
          {t('frame.retry')}
        </button>
      </div>
    );
  const links = [
    { to: '/admin/index', label: t('nav.index') },
    ...QUEUE_IDS.filter((id) => access.may(QUEUES[id].list)).map((id) => ({
      to: QUEUES[id].path,
      label: t(`queue.${id}.title`),
    })),
    ...(access.may('adminAudit') ? [{ to: '/admin/audit', label: t('nav.audit') }] : []),
    ...(access.may('adminUsers') ? [{ to: '/admin/users', label: t('nav.users') }] : []),
    ...CATALOGUE_IDS.filter((id) => {
      const readWith = CATALOGUE_ROUTES[id].readWith;
      return !readWith || access.may(readWith);
    }).map((id) => ({ to: CATALOGUE_ROUTES[id].path, label: t(`catalogue.${id}.title`) })),
  ];
  return (
    <div className={styles.frame} data-admin-frame="">
      <nav className={styles.nav} aria-label={t('nav.label')}>
        <p className={styles.navTitle}>{t('nav.title')}</p>
        <ul className={styles.navList}>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.navLinkActive}` : styles.navLink)}
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className={styles.navFoot}>
          <p className={styles.navWho}>
            {t('nav.who', {
              account: access.me.account,
              roles: access.me.roles.map((role) => t(`role.${role}`)).join(', '),
            })}
          </p>
          {logout.button}
        </div>
      </nav>
      <main className={styles.content}>{children}</main>
      {logout.dialog}
    </div>
  );
}
