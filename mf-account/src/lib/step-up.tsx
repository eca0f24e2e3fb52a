/**
 * The step-up dialog (issue 33 point 2; docs/decisions/0027, amendment of 2026-12-01): before a factor or a
 * withdrawal card changes, the user proves the password again plus the second factor — an authenticator or recovery
 * code, a passkey, or (with neither enrolled) the code the server just mailed. A user with a passkey is offered it
 * first (issue 33 point 3: phishing-resistant by default); the authenticator code is the fallback. The server answers
 * a grant for one action, valid five minutes; `useStepUp().grant(action)` opens the dialog (or reuses a live grant)
 * and resolves with the grant, or undefined when the user cancels. Gated calls send it as `step_up`.
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import { apiErrorOf, useContractForm, type ContractForm } from 'shared/remote-kit';
import { Button, Field } from 'shared/ui';
import { FormRefusal, PasswordField } from './form-parts';
import { NAMESPACE } from './host';
import { CodeField } from './second-factor';
import styles from './step-up.module.css';

export type StepUpAction =
  | 'passkey_add'
  | 'passkey_remove'
  | 'passkey_confirm'
  | 'totp_enable'
  | 'totp_disable'
  | 'recovery_codes'
  | 'bank_card';

export const stepUpApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    stepUpOptions: contractMutation(build, ENDPOINTS.stepUpOptions),
    stepUp: contractMutation(build, ENDPOINTS.stepUp),
  }),
});
export const { useStepUpOptionsMutation, useStepUpMutation } = stepUpApi;

type Options = DataOf<'stepUpOptions'>;
interface Values {
  password: string;
  code: string;
  email_code: string;
}

/** The body of /user/stepUp from the form: empty fields are left out (the schema takes them as absent). */
function bodyOf(action: StepUpAction, values: Values, lang: string, passkey?: string) {
  return {
    action,
    password: values.password,
    ...(values.code ? { code: values.code } : {}),
    ...(values.email_code ? { email_code: values.email_code } : {}),
    ...(passkey ? { passkey } : {}),
    lang: lang as 'en',
  };
}

export interface StepUpDialogProps {
  action: StepUpAction;
  onDone: (grant: string | undefined) => void;
}

/** The step-up options (the methods, the passkey challenge), asked for once per dialog; `load` asks again. */
function useStepUpOptions(lang: string) {
  const [getOptions] = useStepUpOptionsMutation();
  const [options, setOptions] = useState<Options>();
  const [loadError, setLoadError] = useState<string>();
  const asked = useRef(false);

  const load = useCallback(async () => {
    setLoadError(undefined);
    const answer = await getOptions({ lang: lang as 'en' });
    if (answer.data) setOptions(answer.data);
    else setLoadError(apiErrorOf(answer.error)?.msg ?? 'network_error');
  }, [getOptions, lang]);

  useEffect(() => {
    // Once per dialog: asking again would mail another code.
    if (asked.current) return;
    asked.current = true;
    void load();
  }, [load]);
  return { options, loadError, load };
}

interface PasskeyStepUpProps {
  action: StepUpAction;
  lang: string;
  form: ContractForm<Values>;
  options: Options | undefined;
  stepUp: ReturnType<typeof useStepUpMutation>[0];
  load: () => Promise<void>;
  onDone: (grant: string | undefined) => void;
}

/** The password checked, then the browser's passkey prompt; the grant, or `passkeyFailed` (and new options). */
function usePasskeyStepUp({ action, lang, form, options, stepUp, load, onDone }: PasskeyStepUpProps) {
  const [passkeyFailed, setPasskeyFailed] = useState(false);
  const withPasskey = async () => {
    setPasskeyFailed(false);
    if (!(await form.form.trigger('password'))) return;
    let credential: unknown;
    try {
      const optionsJSON = options!.options as unknown as PublicKeyCredentialRequestOptionsJSON;
      credential = await startAuthentication({ optionsJSON });
    } catch {
      setPasskeyFailed(true);
      return;
    }
    const answer = await stepUp(bodyOf(action, form.form.getValues(), lang, JSON.stringify(credential)));
    if (answer.data) onDone(answer.data.step_up);
    else {
      setPasskeyFailed(true);
      // a stale challenge: new options for another try
      void load();
    }
  };
  return { withPasskey, passkeyFailed };
}

interface SecondFactorProps {
  methods: Options['methods'];
  passkeyFirst: boolean;
  form: ContractForm<Values>;
  onUseCode: () => void;
}

/**
 * What comes after the password: "use a code instead" (a passkey offered first), the authenticator or recovery code,
 * or the mailed code; nothing with a passkey only.
 */
function SecondFactor({ methods, passkeyFirst, form, onUseCode }: SecondFactorProps) {
  const { t } = useTranslation(['mf_account', 'msg']);
  const [recovery, setRecovery] = useState(false);
  if (methods.includes('totp') && passkeyFirst)
    return (
      <button type="button" className={styles.reveal} onClick={onUseCode}>
        {t('msg:passkey_first_use_code')}
      </button>
    );
  if (methods.includes('totp'))
    return (
      <CodeField
        recovery={recovery}
        onToggle={() => {
          setRecovery((r) => !r);
          form.form.setValue('code', '');
        }}
        {...form.field('code')}
      />
    );
  if (methods.includes('email'))
    return (
      <>
        <p className={styles.hint}>{t('stepUp.emailSent')}</p>
        <Field
          label={t('stepUp.emailCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          {...form.field('email_code')}
        />
      </>
    );
  return null;
}

/** The options could not be asked for: why, and a retry. */
function OptionsFailed({ error, onRetry }: { error: string | undefined; onRetry: () => void }) {
  const { t } = useTranslation(['mf_account', 'msg']);
  if (!error) return null;
  return (
    <p role="alert" className={styles.hint}>
      {t(`msg:${error}`)}{' '}
      <button type="button" className={styles.reveal} onClick={onRetry}>
        {t('stepUp.retry')}
      </button>
    </p>
  );
}

interface StepUpActionsProps {
  /** The account has a passkey: its button, the submit while it is offered first. */
  passkey: boolean;
  passkeyFirst: boolean;
  /** A code is asked for: the confirm button submits it. */
  confirm: boolean;
  busy: boolean;
  ready: boolean;
  onCancel: () => void;
  onPasskey: () => void;
}

/** Cancel; the passkey; confirm (the code). */
function StepUpActions({ passkey, passkeyFirst, confirm, busy, ready, onCancel, onPasskey }: StepUpActionsProps) {
  const { t } = useTranslation(['mf_account', 'msg']);
  return (
    <div className="ds-dialog__actions">
      <Button type="button" variant="secondary" onClick={onCancel}>
        {t('stepUp.cancel')}
      </Button>
      {passkey ? (
        <Button
          type={passkeyFirst ? 'submit' : 'button'}
          variant={passkeyFirst ? 'primary' : 'secondary'}
          onClick={passkeyFirst ? undefined : onPasskey}
        >
          {t('stepUp.withPasskey')}
        </Button>
      ) : null}
      {confirm ? (
        <Button type="submit" busy={busy} disabled={!ready}>
          {t('stepUp.confirm')}
        </Button>
      ) : null}
    </div>
  );
}

/** The dialog itself: password, then the code, the passkey or the mailed code, by what the account has. */
export function StepUpDialog({ action, onDone }: StepUpDialogProps) {
  const { t, i18n } = useTranslation(['mf_account', 'msg']);
  const titleId = useId();
  const [stepUp] = useStepUpMutation();
  const lang = i18n.language;
  const { options, loadError, load } = useStepUpOptions(lang);
  // With a passkey, it is offered first (issue 33 point 3); the authenticator code only after "use a code instead".
  const [useCode, setUseCode] = useState(false);

  const form = useContractForm<Values, ReturnType<typeof bodyOf>>({
    endpoint: ENDPOINTS.stepUp,
    defaultValues: { password: '', code: '', email_code: '' },
    toBody: (values) => bodyOf(action, values, lang),
    labels: { password: 'stepUp.password', code: 'twoStep.code', email_code: 'stepUp.emailCode' },
    namespace: NAMESPACE,
    send: (body) => stepUp(body),
    onSuccess: (data) => onDone((data as DataOf<'stepUp'>).step_up),
  });
  const { withPasskey, passkeyFailed } = usePasskeyStepUp({ action, lang, form, options, stepUp, load, onDone });

  const methods = options?.methods ?? [];
  const passkeyFirst = methods.includes('passkey') && !useCode;
  // A second field follows the password: the code (or the way to it) or the mailed code.
  const second = methods.includes('totp') || methods.includes('email');
  return (
    <div className="ds-dialog">
      <div className="ds-dialog__backdrop" aria-hidden="true" onClick={() => onDone(undefined)} />
      <div className="ds-dialog__box" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="ds-dialog__title">
          {t('stepUp.title')}
        </h2>
        <form
          className={`ds-dialog__body ${styles.form}`}
          onSubmit={
            passkeyFirst
              ? (event) => {
                  event.preventDefault();
                  void withPasskey();
                }
              : form.onSubmit
          }
          noValidate
        >
          <p className={styles.hint}>{t(methods.includes('email') ? 'stepUp.hintEmail' : 'stepUp.hint')}</p>
          <OptionsFailed error={loadError} onRetry={() => void load()} />
          <PasswordField label={t('stepUp.password')} autoComplete="current-password" {...form.field('password')} />
          <SecondFactor methods={methods} passkeyFirst={passkeyFirst} form={form} onUseCode={() => setUseCode(true)} />
          <FormRefusal error={form.refusal} />
          {passkeyFailed ? (
            <p role="alert" className={styles.hint}>
              {t('stepUp.passkeyFailed')}
            </p>
          ) : null}
          <StepUpActions
            passkey={methods.includes('passkey')}
            passkeyFirst={passkeyFirst}
            confirm={second && !passkeyFirst}
            busy={form.busy}
            ready={options !== undefined}
            onCancel={() => onDone(undefined)}
            onPasskey={() => void withPasskey()}
          />
        </form>
      </div>
    </div>
  );
}

/**
 * `grant(action)`: a live grant of this screen for `action` (they last five minutes; kept 4½ here), else the dialog.
 * Render `dialog` once in the screen.
 */
export function useStepUp(): { grant: (action: StepUpAction) => Promise<string | undefined>; dialog: ReactNode } {
  const [pending, setPending] = useState<{ action: StepUpAction; resolve: (grant?: string) => void }>();
  const grants = useRef(new Map<StepUpAction, { grant: string; until: number }>());
  const grant = useCallback((action: StepUpAction) => {
    const kept = grants.current.get(action);
    if (kept && kept.until > Date.now()) return Promise.resolve(kept.grant);
    return new Promise<string | undefined>((resolve) => setPending({ action, resolve }));
  }, []);
  const dialog = pending ? (
    <StepUpDialog
      key={pending.action}
      action={pending.action}
      onDone={(value) => {
        if (value) grants.current.set(pending.action, { grant: value, until: Date.now() + 270_000 });
        pending.resolve(value);
        setPending(undefined);
      }}
    />
  ) : null;
  return { grant, dialog };
}
