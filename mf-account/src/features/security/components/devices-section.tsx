import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataOf } from 'shared/contract';
import { QueryView } from 'shared/remote-kit';
import { Button, ConfirmDialog, StatusBadge } from 'shared/ui';
import { formatDateTime, useHost } from '#lib';
import { useDeviceSignOutMutation, useDeviceSignOutOthersMutation, useGetDevicesQuery } from '../api/devices';
import styles from './security-screen.module.css';

type Device = DataOf<'devices'>['list'][number];

/** The session rules the server enforces (idle and absolute expiry, sessions at most). */
function SessionPolicy({ policy }: { policy: DataOf<'devices'>['policy'] }) {
  const { t } = useTranslation(['mf_account', 'msg']);
  return (
    <p className={styles.hint}>
      {t('securityScreen.devices.policy', {
        idle: policy.idle_minutes,
        absolute: policy.absolute_hours,
        max: policy.max_sessions,
      })}
    </p>
  );
}

/** One signed-in device: its label, IP and last activity; "this device", or its sign-out. */
function DeviceItem({ device, busy, onSignOut }: { device: Device; busy: boolean; onSignOut: () => void }) {
  const { t } = useTranslation(['mf_account', 'msg']);
  const name = device.device || t('securityScreen.devices.unknown');
  return (
    <li className={styles.item}>
      <div className={styles.itemText}>
        <span className={styles.itemName}>{name}</span>
        <span className={styles.itemSub}>{t('securityScreen.devices.ip', { ip: device.ip })}</span>
        <span className={styles.itemSub}>
          {t('securityScreen.devices.lastSeen', { time: formatDateTime(device.last_seen_at) })}
        </span>
      </div>
      {device.current ? (
        <StatusBadge label={t('securityScreen.devices.current')} tone="success" />
      ) : (
        <Button
          variant="secondary"
          aria-label={t('securityScreen.devices.signOutNamed', { device: name })}
          busy={busy}
          onClick={onSignOut}
        >
          {t('securityScreen.devices.signOut')}
        </Button>
      )}
    </li>
  );
}

/**
 * Signed-in devices (live sessions): label, IP, last activity, "this device"; sign out any other one, or every
 * other one in one step after a confirmation. States the session rules the server enforces (its answer's policy).
 */
export function DevicesSection() {
  const { t } = useTranslation(['mf_account', 'msg']);
  const host = useHost();
  const query = useGetDevicesQuery({}, { refetchOnMountOrArgChange: true });
  const [signOut, signingOut] = useDeviceSignOutMutation();
  const [signOutOthers, signingOutOthers] = useDeviceSignOutOthersMutation();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const devices = query.data?.list ?? [];
  const policy = query.data?.policy;
  const others = devices.filter((device) => !device.current).length;

  const signOutEveryOther = async () => {
    try {
      const { count } = await signOutOthers({}).unwrap();
      host.toast('securityScreen.devices.othersSignedOut', { ns: 'mf_account', values: { count } });
    } catch {
      // The shell has shown the refusal; the list refreshes either way.
    }
    setConfirmOthers(false);
    void query.refetch();
  };

  const signOutOne = async (device: Device) => {
    try {
      await signOut({ id: device.id }).unwrap();
      host.toast('device_signed_out', { ns: 'msg' });
    } catch {
      // The shell has shown the refusal (device_not_found); the list refreshes either way.
    }
    void query.refetch();
  };

  return (
    <section className={styles.section} aria-labelledby="mf-account-devices">
      <h2 id="mf-account-devices" className={styles.heading}>
        {t('securityScreen.devices.heading')}
      </h2>
      <p className={styles.hint}>{t('securityScreen.devices.hint')}</p>
      {policy ? <SessionPolicy policy={policy} /> : null}
      <QueryView
        ns="mf_account"
        query={query}
        count={devices.length}
        empty={{ title: t('securityScreen.devices.empty') }}
      >
        <ul className={styles.list}>
          {devices.map((device) => (
            <DeviceItem
              key={device.id}
              device={device}
              busy={signingOut.isLoading && signingOut.originalArgs?.id === device.id}
              onSignOut={() => void signOutOne(device)}
            />
          ))}
        </ul>
        {others > 0 ? (
          <Button variant="secondary" block onClick={() => setConfirmOthers(true)}>
            {t('securityScreen.devices.signOutOthers')}
          </Button>
        ) : null}
      </QueryView>
      <ConfirmDialog
        open={confirmOthers}
        title={t('securityScreen.devices.signOutOthersTitle', { count: others })}
        tone="danger"
        confirmLabel={t('securityScreen.devices.signOutOthers')}
        busy={signingOutOthers.isLoading}
        onConfirm={() => void signOutEveryOther()}
        onCancel={() => setConfirmOthers(false)}
      >
        {t('securityScreen.devices.signOutOthersBody')}
      </ConfirmDialog>
    </section>
  );
}
