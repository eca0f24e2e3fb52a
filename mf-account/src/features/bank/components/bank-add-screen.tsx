import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BodyOf } from 'shared/api';
import { bankCardFields, ENDPOINTS, type DataOf } from 'shared/contract';
import { SelectField, useContractForm } from 'shared/remote-kit';
import { Button, Field, PageFrame, Skeleton } from 'shared/ui';
import { FormRefusal, NAMESPACE, useHost, useStepUp } from '#lib';
import { useAddBankMutation } from '../api/add-bank';
import { useEditBankMutation } from '../api/edit-bank';
import { useGetBanksQuery } from '../api/get-banks';
import styles from './bank.module.css';
import { IdentityGate } from './identity-state';

/** The two Japanese bank account types of the contract: ordinary (普通) and checking (当座). */
const CARD_TYPES = bankCardFields.shape.card_type.options;

/** The card's fields as the contract's bankAdd takes them (an edit adds the card's id; both add the step-up). */
type Values = Omit<BodyOf<typeof ENDPOINTS.bankAdd>, 'step_up'>;
type FieldName = keyof Values;

const LABELS: Record<FieldName, string> = {
  holder_name: 'bankAdd.holderName',
  card_number: 'bankAdd.cardNumber',
  card_type: 'bankAdd.cardType',
  bank_name: 'bankAdd.bankName',
  branch_name: 'bankAdd.branchName',
  branch_code: 'bankAdd.branchCode',
};
const KEY_FIELDS: Partial<Record<string, FieldName>> = {
  card_exists: 'card_number',
  card_number_required: 'card_number',
  card_number_invalid: 'card_number',
  card_holder_mismatch: 'holder_name',
  name_required: 'holder_name',
  bank_name_required: 'bank_name',
  branch_name_required: 'branch_name',
  branch_code_invalid: 'branch_code',
};
const EMPTY: Values = {
  holder_name: '',
  card_number: '',
  card_type: 'ordinary',
  bank_name: '',
  branch_name: '',
  branch_code: '',
};

const valuesOf = (card: DataOf<'banks'>[number]): Values => ({
  holder_name: card.holder_name,
  card_number: '',
  card_type: card.card_type,
  bank_name: card.bank_name,
  branch_name: card.branch_name,
  branch_code: card.branch_code,
});

function BankForm({ id, initial }: { id?: number; initial: Values }) {
  const { t } = useTranslation(['mf_account', 'msg']);
  const host = useHost();
  const navigate = useNavigate();
  const [addBank] = useAddBankMutation();
  const [editBank] = useEditBankMutation();
  const stepUp = useStepUp();
  // A new card and an edited one are checked alike (the contract's bankCardFields); an edit sends its id.
  const form = useContractForm<Values>({
    endpoint: ENDPOINTS.bankAdd,
    defaultValues: initial,
    labels: LABELS,
    keyFields: KEY_FIELDS,
    namespace: NAMESPACE,
    // A card change needs a fresh step-up (the password and the second factor, or a mailed code): its dialog first.
    send: async (body) => {
      const grant = await stepUp.grant('bank_card');
      if (!grant) return { error: { status: 200, kind: 'business', msg: 'step_up_required' } };
      return id === undefined ? addBank({ ...body, step_up: grant }) : editBank({ ...body, id, step_up: grant });
    },
    onSuccess: () => {
      host.toast('saved', { ns: 'msg' });
      navigate('/mine/bank', { replace: true });
    },
  });

  return (
    <>
      {/* Outside the form: the dialog's own form must not submit this one. */}
      {stepUp.dialog}
      <form className={styles.form} onSubmit={form.onSubmit} noValidate>
        <Field label={t(LABELS.holder_name)} autoComplete="name" {...form.field('holder_name')} />
        <Field
          label={t(LABELS.card_number)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={19}
          placeholder={id === undefined ? t('bankAdd.cardNumberHint') : t('bankAdd.cardNumberAgain')}
          {...form.field('card_number')}
        />
        <div className={styles.select}>
          <SelectField
            label={t(LABELS.card_type)}
            {...form.field('card_type')}
            options={CARD_TYPES.map((type) => ({ value: type, label: t(`bankAdd.cardTypes.${type}`) }))}
          />
        </div>
        <Field label={t(LABELS.bank_name)} autoComplete="off" {...form.field('bank_name')} />
        <Field label={t(LABELS.branch_name)} autoComplete="off" {...form.field('branch_name')} />
        <Field
          label={t(LABELS.branch_code)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          placeholder={t('bankAdd.branchCodeHint')}
          {...form.field('branch_code')}
        />
        <FormRefusal className={styles.formError} error={form.refusal}>
          {form.refusal?.msg === 'realname_required' || form.refusal?.msg === 'realname_failed' ? (
            <>
              {' '}
              <Link to="/mine/verified">{t('bankAdd.toVerified')}</Link>
            </>
          ) : null}
        </FormRefusal>
        <Button type="submit" busy={form.busy} block>
          {t('bankAdd.submit')}
        </Button>
      </form>
    </>
  );
}

/**
 * /mine/bankAdd: binds a card, or with ?id= edits one of the cards of /user/banks (the full number is
 * typed again: the server only ever answers it masked). Checked with the contract's bankCardFields.
 */
export function BankAddScreen() {
  const { t } = useTranslation('mf_account');
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const banks = useGetBanksQuery(undefined, { skip: id === undefined });
  const card = id === undefined ? undefined : banks.data?.find((c) => c.id === id);
  const title = id === undefined ? t('bankAdd.title') : t('bankAdd.editTitle');

  let content;
  if (id === undefined) content = <BankForm initial={EMPTY} />;
  else if (card) content = <BankForm id={id} initial={valuesOf(card)} />;
  else if (banks.isLoading || banks.isFetching) {
    content = (
      <div aria-busy="true">
        <Skeleton height="44px" />
        <Skeleton height="44px" />
        <Skeleton height="44px" />
      </div>
    );
  } else {
    content = (
      <p className={styles.formError} role="alert">
        {t('msg:card_not_found')} <Link to="/mine/bank">{t('bankAdd.backToList')}</Link>
      </p>
    );
  }

  return (
    <PageFrame title={title}>
      <div className={styles.body}>
        <p className={styles.hint}>{id === undefined ? t('bankAdd.hint') : t('bankAdd.editHint')}</p>
        {/* A card is in the verified name: before that, the identity state as it is (none, pending, failed). */}
        <IdentityGate>{content}</IdentityGate>
      </div>
    </PageFrame>
  );
}
