import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type LoginData } from 'shared/contract';
import { apiErrorOf, useContractForm } from 'shared/remote-kit';
import { Button, Field } from 'shared/ui';
import { CodeField, FormRefusal, NAMESPACE, RecoveryCodes, TotpSecret } from '#lib';
import { useLoginEnrolTotpMutation, useLoginSecondFactorMutation } from '../api/login-second-factor';
import styles from './auth.module.css';

/** The password was right and a second factor is owed: the challenge the server answered. */
export interface SecondStep {
  kind: 'verify' | 'enrol';
  challenge: string;
}

export interface SecondStepProps {
  step: SecondStep;
  /** The session, once the second step succeeded (with the first recovery codes after an enrolment). */
  onSignedIn: (session: LoginData, recoveryCodes?: readonly string[]) => void;
  /** The challenge expired or was refused: back to the password, with the reason. */
  onExpired: (msg: string) => void;
  onCancel: () => void;
}

const EXPIRED = 'second_factor_challenge_invalid';

/** The code form of both steps: a TOTP code or a recovery code, posted with the challenge. */
/** The refusal and the two buttons under each form of the second step: submit, and back to the password. */
function StepActions({
  refusal,
  busy,
  submitLabel,
  onCancel,
}: {
  refusal: Parameters<typeof FormRefusal>[0]['error'];
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <FormRefusal className={styles.formError} error={refusal} />
      <div className={styles.actions}>
        <Button type="submit" busy={busy} block>
          {submitLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} block>
          {t('twoStep.back')}
        </Button>
      </div>
    </>
  );
}

function CodeForm({ step, onSignedIn, onExpired, onCancel }: SecondStepProps) {
  const { t } = useTranslation(['mf_account', 'msg']);
  const [recovery, setRecovery] = useState(false);
  const [loginSecondFactor] = useLoginSecondFactorMutation();
  const form = useContractForm({
    endpoint: ENDPOINTS.loginSecondFactor,
    defaultValues: { code: '' },
    toBody: (values) => ({ challenge: step.challenge, code: values.code }),
    labels: { code: 'twoStep.code' },
    namespace: NAMESPACE,
    send: async (body) => {
      const result = await loginSecondFactor(body);
      if (result.error !== undefined && apiErrorOf(result.error)?.msg === EXPIRED) onExpired(EXPIRED);
      return result;
    },
    onSuccess: (data) => {
      const answer = data as LoginData & { recovery_codes?: string[] };
      onSignedIn(answer, answer.recovery_codes);
    },
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
      <StepActions refusal={form.refusal} busy={form.busy} submitLabel={t('twoStep.verify')} onCancel={onCancel} />
    </form>
  );
}

interface Enrolment {
  secret: string;
  uri: string;
}

/**
 * The one-time enrolment code the server operator got from the CLI (create-admin, grant-role): an administrator's
 * first enrolment starts only with it, never with the password alone.
 */
function EnrolCodeForm({
  step,
  onExpired,
  onCancel,
  onStarted,
}: SecondStepProps & { onStarted: (enrolment: Enrolment) => void }) {
  const { t } = useTranslation(['mf_account', 'msg']);
  const [enrol] = useLoginEnrolTotpMutation();
  const hintId = useId();
  const form = useContractForm({
    endpoint: ENDPOINTS.loginEnrolTotp,
    defaultValues: { enrol_code: '' },
    toBody: (values) => ({ challenge: step.challenge, enrol_code: values.enrol_code }),
    labels: { enrol_code: 'twoStep.enrolCode' },
    namespace: NAMESPACE,
    send: async (body) => {
      const result = await enrol(body);
      if (result.error !== undefined && apiErrorOf(result.error)?.msg === EXPIRED) onExpired(EXPIRED);
      return result;
    },
    onSuccess: (data) => onStarted(data as Enrolment),
  });
  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate>
      <p className={styles.lead} id={hintId}>
        {t('twoStep.enrolCodeHint')}
      </p>
      <Field
        label={t('twoStep.enrolCode')}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
        aria-describedby={hintId}
        {...form.field('enrol_code')}
      />
      <StepActions refusal={form.refusal} busy={form.busy} submitLabel={t('twoStep.enrolStart')} onCancel={onCancel} />
    </form>
  );
}

/**
 * An administrator without an authenticator: the one-time enrolment code first, then the new secret and a code of
 * it to confirm.
 */
function EnrolStep(props: SecondStepProps) {
  const { t } = useTranslation(['mf_account', 'msg']);
  const [enrolment, setEnrolment] = useState<Enrolment | undefined>(undefined);
  return (
    <>
      <p className={styles.lead}>{t('msg:second_factor_enrol_required')}</p>
      {enrolment ? (
        <>
          <TotpSecret uri={enrolment.uri} secret={enrolment.secret} />
          <CodeForm {...props} />
        </>
      ) : (
        <EnrolCodeForm {...props} onStarted={setEnrolment} />
      )}
    </>
  );
}

/** The login's second step: verify a code, or enrol an authenticator first; then the recovery codes, once. */
export function LoginSecondStep(props: SecondStepProps & { codes?: readonly string[]; onCodesSaved: () => void }) {
  const { t } = useTranslation(['mf_account', 'msg']);
  if (props.codes) return <RecoveryCodes codes={props.codes} onDone={props.onCodesSaved} />;
  if (props.step.kind === 'enrol') return <EnrolStep {...props} />;
  return (
    <>
      <p className={styles.lead}>{t('msg:second_factor_required')}</p>
      <CodeForm {...props} />
    </>
  );
}
