import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS } from 'shared/contract';
import { apiErrorOf, useContractForm } from 'shared/remote-kit';
import { Button, StatusBadge } from 'shared/ui';
import { CodeField, FormRefusal, NAMESPACE, RecoveryCodes, TotpSecret, useHost, useStepUp } from '#lib';
import {
  useGetSecondFactorStatusQuery,
  useRegenerateRecoveryCodesMutation,
  useTotpConfirmMutation,
  useTotpDisableMutation,
  useTotpEnrolMutation,
} from '../api/second-factor';
import styles from './security-screen.module.css';

type Sent = Promise<{ data?: unknown; error?: unknown }>;

interface CodeActionProps {
  send: (body: { code: string }) => Sent;
  onSuccess: (data: unknown) => void;
  onCancel: () => void;
  submitLabel: string;
  danger?: boolean;
}

/** A code of the new authenticator that confirms its enrolment. */
function CodeAction({ send, onSuccess, onCancel, submitLabel, danger }: CodeActionProps) {
  const { t } = useTranslation(['mf_account', 'msg']);
  const [recovery, setRecovery] = useState(false);
  const form = useContractForm({
    endpoint: ENDPOINTS.totpConfirm,
    defaultValues: { code: '' },
    labels: { code: 'twoStep.code' },
    namespace: NAMESPACE,
    send: (body) => send(body),
    onSuccess,
  });
  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate>
      <CodeField
        recovery={recovery}
        onToggle={() => {
          setRecovery((r) => !r);
          form.form.setValue('code', '');
        }}
        {...form.field('code')}
      />
      <FormRefusal className={styles.formError} error={form.refusal} />
      <div className={styles.row}>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('securityScreen.twoStep.cancel')}
        </Button>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={form.busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

type Mode = { kind: 'idle' } | { kind: 'enrol'; uri: string; secret: string; grant: string };

/**
 * Two-step verification: status; set up (secret, code, recovery codes once), turn off, new recovery codes. Each asks
 * for a step-up first (the password and the current code; for the set-up, a mailed code or a passkey).
 */
export function TwoStepSection() {
  const { t } = useTranslation(['mf_account', 'msg']);
  const host = useHost();
  const status = useGetSecondFactorStatusQuery({}, { refetchOnMountOrArgChange: true });
  const [enrol, enrolling] = useTotpEnrolMutation();
  const [confirm] = useTotpConfirmMutation();
  const [disable] = useTotpDisableMutation();
  const [regenerate] = useRegenerateRecoveryCodesMutation();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const stepUp = useStepUp();
  const [codes, setCodes] = useState<readonly string[]>();
  const idle = () => setMode({ kind: 'idle' });
  const showCodes = (data: unknown) => setCodes((data as { recovery_codes: string[] }).recovery_codes);

  const start = async () => {
    const grant = await stepUp.grant('totp_enable');
    if (!grant) return;
    const result = await enrol({ step_up: grant });
    if (result.data) setMode({ kind: 'enrol', ...result.data, grant });
    else if (apiErrorOf(result.error)?.msg === 'totp_already_enabled') void status.refetch();
  };

  // The step-up proves the password and a current code: no second code is asked here.
  const turnOff = async () => {
    const grant = await stepUp.grant('totp_disable');
    if (!grant) return;
    const result = await disable({ step_up: grant });
    if (result.data !== undefined) host.toast('totp_disabled', { ns: 'msg' });
    void status.refetch();
  };
  const regenerateCodes = async () => {
    const grant = await stepUp.grant('recovery_codes');
    if (!grant) return;
    const result = await regenerate({ step_up: grant });
    if (result.data) {
      host.toast('recovery_codes_regenerated', { ns: 'msg' });
      showCodes(result.data);
    }
  };

  let body;
  if (codes) {
    body = (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(undefined);
          idle();
          void status.refetch();
        }}
      />
    );
  } else if (status.isError) {
    body = (
      <div className={styles.row} role="alert">
        <span className={styles.hint}>{t('securityScreen.loadFailed')}</span>
        <Button variant="secondary" onClick={() => void status.refetch()}>
          {t('securityScreen.retry')}
        </Button>
      </div>
    );
  } else if (!status.data) {
    body = <p className={styles.hint}>{t('loading')}</p>;
  } else if (mode.kind === 'enrol') {
    body = (
      <>
        <TotpSecret uri={mode.uri} secret={mode.secret} />
        <CodeAction
          send={(b) => confirm({ ...b, step_up: mode.grant })}
          onSuccess={(data) => {
            host.toast('totp_enabled', { ns: 'msg' });
            showCodes(data);
          }}
          onCancel={idle}
          submitLabel={t('securityScreen.twoStep.confirm')}
        />
      </>
    );
  } else if (status.data.totp_enabled) {
    body = (
      <>
        <p className={styles.hint}>
          {t('securityScreen.twoStep.codesLeft', { count: status.data.recovery_codes_left })}
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => void regenerateCodes()}>
            {t('securityScreen.twoStep.newCodes')}
          </Button>
          <Button variant="ghost" onClick={() => void turnOff()}>
            {t('securityScreen.twoStep.turnOff')}
          </Button>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <p className={styles.hint}>{t('securityScreen.twoStep.offHint')}</p>
        <Button onClick={() => void start()} busy={enrolling.isLoading} block>
          {t('securityScreen.twoStep.setUp')}
        </Button>
      </>
    );
  }

  const on = status.data?.totp_enabled;
  return (
    <section className={styles.section} aria-labelledby="mf-account-two-step">
      <div className={styles.head}>
        <h2 id="mf-account-two-step" className={styles.heading}>
          {t('securityScreen.twoStep.heading')}
        </h2>
        {status.data ? (
          <StatusBadge
            label={on ? t('securityScreen.twoStep.on') : t('securityScreen.twoStep.off')}
            tone={on ? 'success' : 'neutral'}
            dot
          />
        ) : null}
      </div>
      {body}
      {stepUp.dialog}
    </section>
  );
}
