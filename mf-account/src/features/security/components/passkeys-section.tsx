import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import type { DataOf } from 'shared/contract';
import { asksToAddPasskey, QueryView } from 'shared/remote-kit';
import { Button, ConfirmDialog } from 'shared/ui';
import { formatDateTime, useHost, usePasskeyAdd, useStepUp } from '#lib';
import { useGetPasskeysQuery, usePasskeyConfirmMutation, usePasskeyDeleteMutation } from '../api/passkeys';
import styles from './security-screen.module.css';

type Passkey = DataOf<'passkeys'>['list'][number];

/**
 * Arriving from the home screen's passkey offer ("Add a passkey"): start the registration once (step-up first),
 * and drop the request from the history entry so Back or a reload does not start it again.
 */
function useAddOnArrival(supported: boolean, add: () => Promise<void>) {
  const location = useLocation();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !supported || !asksToAddPasskey(location.state)) return;
    started.current = true;
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    void add();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on the arrival that asks for it, once
  }, [location.state]);
}

/** One passkey: its name, when it was made and last used, whether suspended; its confirm (if suspended) and delete. */
function PasskeyItem({
  passkey,
  name,
  onConfirm,
  onDelete,
}: {
  passkey: Passkey;
  name: string;
  onConfirm: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(['mf_account', 'msg']);
  return (
    <li className={styles.item}>
      <div className={styles.itemText}>
        <span className={styles.itemName}>{name}</span>
        <span className={styles.itemSub}>
          {t('securityScreen.passkeys.created', { time: formatDateTime(passkey.created_at) })}
        </span>
        {passkey.suspended ? <span className={styles.itemSub}>{t('securityScreen.passkeys.suspended')}</span> : null}
        <span className={styles.itemSub}>
          {passkey.last_used_at
            ? t('securityScreen.passkeys.lastUsed', { time: formatDateTime(passkey.last_used_at) })
            : t('securityScreen.passkeys.never')}
        </span>
      </div>
      {passkey.suspended ? (
        <Button variant="secondary" onClick={onConfirm}>
          {t('securityScreen.passkeys.confirm')}
        </Button>
      ) : null}
      <Button variant="ghost" aria-label={t('securityScreen.passkeys.deleteNamed', { name })} onClick={onDelete}>
        {t('securityScreen.passkeys.delete')}
      </Button>
    </li>
  );
}

/** Add a passkey (or why this browser cannot), after a note when the last try was cancelled or failed. */
function AddPasskey({
  failed,
  busy,
  supported,
  onAdd,
}: {
  failed: boolean;
  busy: boolean;
  supported: boolean;
  onAdd: () => void;
}) {
  const { t } = useTranslation(['mf_account', 'msg']);
  return (
    <>
      {failed ? (
        <p className={styles.formError} role="alert">
          {t('securityScreen.passkeys.cancelled')}
        </p>
      ) : null}
      {supported ? (
        <Button variant="secondary" busy={busy} onClick={onAdd} block>
          {t('securityScreen.passkeys.add')}
        </Button>
      ) : (
        <p className={styles.hint}>{t('securityScreen.passkeys.unsupported')}</p>
      )}
    </>
  );
}

/**
 * Passkeys: the list, add one (the browser's passkey prompt; started at once when the home screen's offer sent the
 * user here), remove one (confirmed), confirm one a password reset suspended. Each change asks for a step-up first
 * (the password and the second factor, or a mailed code).
 */
export function PasskeysSection() {
  const { t } = useTranslation(['mf_account', 'msg']);
  const host = useHost();
  const query = useGetPasskeysQuery({}, { refetchOnMountOrArgChange: true });
  const [remove, removing] = usePasskeyDeleteMutation();
  const [confirmSuspended] = usePasskeyConfirmMutation();
  const stepUp = useStepUp();
  const adding = usePasskeyAdd();
  const [target, setTarget] = useState<Passkey>();
  const passkeys = query.data?.list ?? [];
  const supported = browserSupportsWebAuthn();

  const add = async () => {
    await adding.add();
    void query.refetch();
  };

  useAddOnArrival(supported, add);

  const confirmDelete = async () => {
    if (!target) return;
    const grant = await stepUp.grant('passkey_remove');
    if (!grant) return setTarget(undefined);
    const result = await remove({ id: target.id, step_up: grant });
    if (result.data !== undefined) host.toast('passkey_deleted', { ns: 'msg' });
    setTarget(undefined);
    void query.refetch();
  };

  const confirmOne = async (passkey: Passkey) => {
    const grant = await stepUp.grant('passkey_confirm');
    if (!grant) return;
    const result = await confirmSuspended({ id: passkey.id, step_up: grant });
    if (result.data !== undefined) host.toast('passkey_confirmed', { ns: 'msg' });
    void query.refetch();
  };

  const nameOf = (passkey: Passkey) => passkey.name || t('securityScreen.passkeys.unnamed');
  return (
    <section className={styles.section} aria-labelledby="mf-account-passkeys">
      <h2 id="mf-account-passkeys" className={styles.heading}>
        {t('securityScreen.passkeys.heading')}
      </h2>
      <p className={styles.hint}>{t('securityScreen.passkeys.hint')}</p>
      <QueryView
        ns="mf_account"
        query={query}
        count={passkeys.length}
        empty={{ title: t('securityScreen.passkeys.empty') }}
      >
        <ul className={styles.list}>
          {passkeys.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              name={nameOf(passkey)}
              onConfirm={() => void confirmOne(passkey)}
              onDelete={() => setTarget(passkey)}
            />
          ))}
        </ul>
      </QueryView>
      <AddPasskey failed={adding.failed} busy={adding.adding} supported={supported} onAdd={() => void add()} />
      <ConfirmDialog
        open={target !== undefined}
        title={target ? t('securityScreen.passkeys.deleteNamed', { name: nameOf(target) }) : ''}
        tone="danger"
        confirmLabel={t('securityScreen.passkeys.delete')}
        busy={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setTarget(undefined)}
      />
      {stepUp.dialog}
      {adding.dialog}
    </section>
  );
}
