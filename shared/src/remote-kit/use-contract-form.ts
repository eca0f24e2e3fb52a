/**
 * The one form pattern of the remotes: react-hook-form checked with the contract's request schema
 * (so a form says what the server would say, before sending), server refusals placed under the field
 * they are about (else returned as `refusal` for the remote's inline Refusal), the busy state of the
 * submission, and one Idempotency-Key per submission for money calls (renewed after a success and
 * whenever a value changes: a changed request is a new request, never a replay of the old answer).
 *
 *   const withdraw = useContractForm({
 *     endpoint: ENDPOINTS.withdraw,
 *     defaultValues: { amount: '', fund_password: '' },
 *     send: (body, idempotencyKey) => submit({ body, idempotencyKey }),
 *     onSuccess: () => host.toast('withdraw_success', { ns: 'msg' }),
 *   });
 *   <form onSubmit={withdraw.onSubmit} noValidate>
 *     <Field label={t('amount')} {...withdraw.field('amount')} />
 *     <Refusal error={withdraw.refusal} />
 *     <Button type="submit" busy={withdraw.busy}>…</Button>
 *
 * A call that needs a risk disclosure acknowledged passes `riskKind`: a `risk_disclosure_required` refusal then opens
 * `form.risk` (the props of the one RiskDisclosureDialog), and once accepted the same submission is sent again
 * (same values, same Idempotency-Key); declined, the refusal stays on the form with its way out until the next try.
 * A screen that knows before sending (the trade form: the config says the leverage disclosure is not acknowledged)
 * asks first with `form.risk.ask(then)`: accepted, `then` runs instead of a resend.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { RiskKind } from 'shared/contract';
import { issueRefusal, type IssueLike } from '../messages';
import type { ApiError } from '../api/base-query';
import { apiErrorOf, useIdempotencyKey } from './money-query';

/** One inline error: a key of the `msg` namespace and its placeholders. */
export interface FormFieldError {
  key: string;
  values?: Record<string, unknown>;
}

/** A schema the form is checked with (a contract request schema, or one derived from it). */
export interface FormSchema {
  safeParse: (input: unknown) => { success: true } | { success: false; error: { issues: readonly IssueLike[] } };
}

export interface ContractFormOptions<V extends FieldValues, B> {
  /** The contract entry the form submits to (shared/contract `ENDPOINTS.x`): its request schema checks the form. */
  endpoint?: { request: FormSchema };
  /** A schema to check with instead (the entry's, refined with a rule only this screen knows). */
  schema?: FormSchema;
  defaultValues: DefaultValues<V>;
  /** The body the schema checks and the call sends (default: the values themselves). */
  toBody?: (values: V) => B;
  /** Sends the body; a money call passes the submission's Idempotency-Key on. An RTK mutation's result. */
  send: (body: B, idempotencyKey: string) => Promise<{ data?: unknown; error?: unknown }>;
  /** After the server accepted the call. */
  onSuccess?: (data: unknown, values: V) => void;
  /** Rules the schema leaves to the server that this screen can check too (the balance, a minimum from config). */
  rules?: (values: V) => Partial<Record<Path<V>, FormFieldError | undefined>>;
  /** Label keys of the fields in `namespace`, for `{{field}}` of field_invalid. */
  labels?: Partial<Record<Path<V>, string>>;
  /** Refusal keys that belong to a field when the answer names none (card_exists → card_number). */
  keyFields?: Partial<Record<string, Path<V>>>;
  /** Namespace of the labels (the remote's federation name). */
  namespace?: string;
  /**
   * The values of a message as the user reads them (a price with its currency, grouped): applied to the values of
   * every inline error, the form's own and the server's, before they are put into the text.
   */
  readValues?: (values: Record<string, unknown>) => Record<string, unknown>;
  /**
   * The risk disclosure the call may ask for (leverage, new_share, copy_trade, day_trade): a
   * `risk_disclosure_required` refusal opens it (`form.risk`), and once accepted the same submission is sent again.
   */
  riskKind?: RiskKind;
}

/** The risk gate of a form with `riskKind`: the props of RiskDisclosureDialog, and a way to ask before sending. */
export interface RiskGate {
  kind: RiskKind;
  /** The disclosure is asked (the server refused for it, or the screen asked first). */
  open: boolean;
  /** Accepted (the server stored it): the continuation given to `ask`, else the same submission again. */
  onAccepted: () => void;
  /** Declined: the server's refusal, if it was one, shows on the form with its way out. */
  onCancel: () => void;
  /** Asks the disclosure before anything is sent; accepted, `then` runs. */
  ask: (then: () => void) => void;
}

export interface ContractForm<V extends FieldValues> {
  form: UseFormReturn<V>;
  /** Props of a `Field` / `SelectField`: the registered input and its translated inline error. */
  field: (name: Path<V>) => ReturnType<UseFormReturn<V>['register']> & { error?: string };
  /** The translated inline error of a field, if any. */
  errorOf: (name: Path<V>) => string | undefined;
  /** Submit handler of the `<form>`: checks, sends, places the answer. */
  onSubmit: (event?: FormEvent) => Promise<void>;
  /** True while the submission is checked and in flight (the submit button shows busy). */
  busy: boolean;
  /**
   * A refusal that is about no field of this form: show it above the submit with its way out (not the
   * risk_disclosure_required the disclosure is open for, only once it was declined).
   */
  refusal: ApiError | undefined;
}

/** The form of `riskKind`: its risk gate too. */
export interface RiskContractForm<V extends FieldValues> extends ContractForm<V> {
  risk: RiskGate;
}

type ErrorMap = Record<string, { type: string; message: string }>;
type Latest<V extends FieldValues, B> = { current: ContractFormOptions<V, B> };
type FieldText = (name: string, error: FormFieldError) => string;
type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The refusal the risk gate answers. */
const RISK_REFUSAL = 'risk_disclosure_required';

/** react-hook-form checked by a contract schema and the screen's own rules; refusals by field. */
export function useContractForm<V extends FieldValues, B = V>(
  options: ContractFormOptions<V, B> & { riskKind: RiskKind },
): RiskContractForm<V>;
export function useContractForm<V extends FieldValues, B = V>(options: ContractFormOptions<V, B>): ContractForm<V>;
export function useContractForm<V extends FieldValues, B = V>(
  options: ContractFormOptions<V, B>,
): ContractForm<V> & { risk?: RiskGate } {
  const latest = useRef(options);
  latest.current = options;
  const text = useFieldText(latest);
  const resolver = useContractResolver(latest, text);
  const form = useForm<V>({ defaultValues: options.defaultValues, resolver, mode: 'onSubmit' });
  const key = useIdempotencyKey();
  const renewKey = key.renew;
  // A changed value makes a new request: it must not replay the answer of the previous key.
  useEffect(() => {
    const subscription = form.watch(() => renewKey());
    return () => subscription.unsubscribe();
  }, [form, renewKey]);
  const [refusal, place] = usePlacedRefusal(form, latest, text);
  const resend = useRef(() => undefined as unknown);
  const risk = useRiskGate(options.riskKind, resend);

  const submit = form.handleSubmit(async (values) => {
    place(undefined);
    risk.reset();
    const { toBody, send, onSuccess, riskKind } = latest.current;
    const result = await send(toBody ? toBody(values) : (values as unknown as B), key.current());
    if (result.error !== undefined) {
      const error = apiErrorOf(result.error) ?? { status: 0, kind: 'network', msg: 'network_error' };
      if (riskKind && error.msg === RISK_REFUSAL) risk.refused();
      place(error);
      return;
    }
    key.renew();
    onSuccess?.(result.data, values);
  });
  resend.current = () => submit();

  const errorOf = (name: Path<V>): string | undefined => {
    const error = (form.formState.errors as Record<string, { message?: unknown } | undefined>)[name];
    return typeof error?.message === 'string' ? error.message : undefined;
  };

  return {
    form,
    field: (name) => ({ ...form.register(name), error: errorOf(name) }),
    errorOf,
    onSubmit: (event) => submit(event),
    busy: form.formState.isSubmitting,
    refusal: refusal?.msg === RISK_REFUSAL && risk.gate && !risk.declined ? undefined : refusal,
    ...(risk.gate ? { risk: risk.gate } : {}),
  };
}

/** The inline text of a field's error: its label named, its values as the user reads them. */
function useFieldText<V extends FieldValues, B>(latest: Latest<V, B>): FieldText {
  const { t } = useTranslation([latest.current.namespace ?? 'common', 'msg']);
  // i18next's typed `t` narrows keys to literals; the form's keys are data (labels, catalogue keys).
  const translate = useRef(t as unknown as Translate);
  translate.current = t as unknown as Translate;
  return useCallback(
    (name: string, error: FormFieldError): string => {
      const label = latest.current.labels?.[name as Path<V>];
      const field = label ? translate.current(label) : String(error.values?.field ?? name);
      const values = error.values && latest.current.readValues ? latest.current.readValues(error.values) : error.values;
      return translate.current(`msg:${error.key}`, { ...values, field });
    },
    [latest],
  );
}

/** The resolver: the contract's (or the screen's) schema on the body, then the screen's own rules. */
function useContractResolver<V extends FieldValues, B>(latest: Latest<V, B>, text: FieldText): Resolver<V> {
  return useCallback<Resolver<V>>(
    async (values) => {
      const { endpoint, schema, toBody, rules } = latest.current;
      const check = schema ?? endpoint?.request;
      const body = toBody ? toBody(values) : values;
      const errors: ErrorMap = {};
      const parsed = check?.safeParse(body);
      if (parsed && !parsed.success) {
        for (const issue of parsed.error.issues) {
          const refused = issueRefusal(issue);
          const name = refused.field || 'root';
          errors[name] ??= { type: refused.key, message: text(name, refused) };
        }
      }
      for (const [name, error] of Object.entries(rules?.(values) ?? {}) as [string, FormFieldError | undefined][]) {
        if (error) errors[name] ??= { type: error.key, message: text(name, error) };
      }
      return Object.keys(errors).length > 0
        ? { values: {}, errors: errors as unknown as FieldErrors<V> }
        : { values, errors: {} };
    },
    [latest, text],
  );
}

/** The server's refusal: under the field it is about (named, or by its key), else kept for the inline Refusal. */
function usePlacedRefusal<V extends FieldValues, B>(
  form: UseFormReturn<V>,
  latest: Latest<V, B>,
  text: FieldText,
): [ApiError | undefined, (error: ApiError | undefined) => void] {
  const [refusal, setRefusal] = useState<ApiError>();
  const place = useCallback(
    (error: ApiError | undefined) => {
      const values = form.getValues() as Record<string, unknown>;
      const named =
        error && (error.field && error.field in values ? error.field : latest.current.keyFields?.[error.msg]);
      if (error && named) {
        form.setError(named as Path<V>, {
          type: error.msg,
          message: text(named, { key: error.msg, values: error.values }),
        });
        setRefusal(undefined);
      } else {
        setRefusal(error);
      }
    },
    [form, latest, text],
  );
  return [refusal, place];
}

/**
 * The risk gate: open when the server refused for the disclosure (or the screen asked first); accepted, the
 * screen's continuation or else the same submission again; declined, remembered until the next submission.
 */
function useRiskGate(kind: RiskKind | undefined, resend: { current: () => unknown }) {
  const [open, setOpen] = useState(false);
  const [declined, setDeclined] = useState(false);
  const then = useRef<(() => void) | undefined>(undefined);
  const gate: RiskGate | undefined = kind && {
    kind,
    open,
    onAccepted: () => {
      const next = then.current;
      then.current = undefined;
      setOpen(false);
      if (next) next();
      else void resend.current();
    },
    onCancel: () => {
      then.current = undefined;
      setOpen(false);
      setDeclined(true);
    },
    ask: (next) => {
      then.current = next;
      setDeclined(false);
      setOpen(true);
    },
  };
  return {
    gate,
    declined,
    reset: () => setDeclined(false),
    refused: () => {
      then.current = undefined;
      setOpen(true);
    },
  };
}
