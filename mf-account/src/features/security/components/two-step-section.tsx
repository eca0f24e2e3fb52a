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

/** The status could not be loaded: say so, with a retry. */
function TwoStepFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(['mf_account', 'msg']);
  return (
    <div className={styles.row} role="alert">
      <span className={styles.hint}>{t('securityScreen.loadFailed')}</span>
      <Button variant="secondary" onClick={onRetry}>
        {t('securityScreen.retry')}
      </Button>
    </div>
  );
}

/** Two-step is on: the recovery codes left, new codes, turn it off. */
function TwoStepOn({
  codesLeft,
  onNewCodes,
  onTurnOff,
}: {
  codesLeft: number;
  onNewCodes: () => void;
  onTurnOff: () => void;
}) {
  const { t } = useTranslation(['mf_account', 'msg']);
  return (
    <>
      <p className={styles.hint}>{t('securityScreen.twoStep.codesLeft', { count: codesLeft })}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onNewCodes}>
          {t('securityScreen.twoStep.newCodes')}
        </Button>
        <Button variant="ghost" onClick={onTurnOff}>
          {t('securityScreen.twoStep.turnOff')}
        </Button>
      </div>
    </>
  );
}

/** Two-step is off: why to set it up, and the set-up. */
function TwoStepOff({ busy, onSetUp }: { busy: boolean; onSetUp: () => void }) {
  const { t } = useTranslation(['mf_account', 'msg']);
  return (
    <>
      <p className={styles.hint}>{t('securityScreen.twoStep.offHint')}</p>
      <Button onClick={onSetUp} busy={busy} block>
        {t('securityScreen.twoStep.setUp')}
      </Button>
    </>
  );
}

/** The changes, each after a step-up: set up (the enrolment), turn off, new recovery codes. */
function useTwoStepChanges({
  refetch,
  onEnrol,
  showCodes,
}: {
  refetch: () => void;
  onEnrol: (mode: Mode) => void;
  showCodes: (data: unknown) => void;
}) {
  const host = useHost();
  const [enrol, enrolling] = useTotpEnrolMutation();
  const [disable] = useTotpDisableMutation();
  const [regenerate] = useRegenerateRecoveryCodesMutation();
  const stepUp = useStepUp();

  const start = async () => {
    const grant = await stepUp.grant('totp_enable');
    if (!grant) return;
    const result = await enrol({ step_up: grant });
    if (result.data) onEnrol({ kind: 'enrol', ...result.data, grant });
    else if (apiErrorOf(result.error)?.msg === 'totp_already_enabled') refetch();
  };

  // The step-up proves the password and a current code: no second code is asked here.
  const turnOff = async () => {
    const grant = await stepUp.grant('totp_disable');
    if (!grant) return;
    const result = await disable({ step_up: grant });
    if (result.data !== undefined) host.toast('totp_disabled', { ns: 'msg' });
    refetch();
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
  return { start, turnOff, regenerateCodes, enrolling: enrolling.isLoading, dialog: stepUp.dialog };
}

/**
 * Two-step verification: status; set up (secret, code, recovery codes once), turn off, new recovery codes. Each asks
 * for a step-up first (the password and the current code; for the set-up, a mailed code or a passkey).
 */
export function TwoStepSection() {
  const { t } = useTranslation(['mf_account', 'msg']);
  const host = useHost();
  const status = useGetSecondFactorStatusQuery({}, { refetchOnMountOrArgChange: true });
  const [confirm] = useTotpConfirmMutation();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [codes, setCodes] = useState<readonly string[]>();
  const idle = () => setMode({ kind: 'idle' });
  const showCodes = (data: unknown) => setCodes((data as { recovery_codes: string[] }).recovery_codes);
  const changes = useTwoStepChanges({ refetch: () => void status.refetch(), onEnrol: setMode, showCodes });

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
    body = <TwoStepFailed onRetry={() => void status.refetch()} />;
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
      <TwoStepOn
        codesLeft={status.data.recovery_codes_left}
        onNewCodes={() => void changes.regenerateCodes()}
        onTurnOff={() => void changes.turnOff()}
      />
    );
  } else {
    body = <TwoStepOff busy={changes.enrolling} onSetUp={() => void changes.start()} />;
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
      {changes.dialog}
    </section>
  );
}
