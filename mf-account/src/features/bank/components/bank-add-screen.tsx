import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { bankCardFields, type DataOf } from 'shared/contract';
import { SelectField } from 'shared/remote-kit';
import { Button, Field, PageFrame, Skeleton } from 'shared/ui';
import { useFormErrors, useHost } from '#lib';
import { useAddBankMutation } from '../api/add-bank';
import { useEditBankMutation } from '../api/edit-bank';
import { useGetBanksQuery } from '../api/get-banks';
import styles from './bank.module.css';

/** The two Japanese bank account types of the contract: ordinary (普通) and checking (当座). */
const CARD_TYPES = bankCardFields.shape.card_type.options;

type FieldName = 'holder_name' | 'card_number' | 'card_type' | 'bank_name' | 'branch_name' | 'branch_code';
type Values = Record<FieldName, string>;

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
  const [values, setValues] = useState<Values>(initial);
  const form = useFormErrors({ labels: LABELS, keyFields: KEY_FIELDS });
  const [addBank, add] = useAddBankMutation();
  const [editBank, edit] = useEditBankMutation();
  const set = (name: FieldName) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(bankCardFields, values);
    if (!body) return;
    try {
      if (id === undefined) await addBank(body).unwrap();
      else await editBank({ ...body, id }).unwrap();
    } catch (error) {
      form.refused(error);
      return;
    }
    host.toast('saved', { ns: 'msg' });
    navigate('/mine/bank', { replace: true });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Field
        label={t(LABELS.holder_name)}
        name="holder_name"
        autoComplete="name"
        value={values.holder_name}
        onChange={set('holder_name')}
        error={form.errorOf('holder_name')}
      />
      <Field
        label={t(LABELS.card_number)}
        name="card_number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={19}
        placeholder={id === undefined ? t('bankAdd.cardNumberHint') : t('bankAdd.cardNumberAgain')}
        value={values.card_number}
        onChange={set('card_number')}
        error={form.errorOf('card_number')}
      />
      <div className={styles.select}>
        <SelectField
          label={t(LABELS.card_type)}
          name="card_type"
          value={values.card_type}
          onChange={set('card_type')}
          error={form.errorOf('card_type')}
          options={CARD_TYPES.map((type) => ({ value: type, label: t(`bankAdd.cardTypes.${type}`) }))}
        />
      </div>
      <Field
        label={t(LABELS.bank_name)}
        name="bank_name"
        autoComplete="off"
        value={values.bank_name}
        onChange={set('bank_name')}
        error={form.errorOf('bank_name')}
      />
      <Field
        label={t(LABELS.branch_name)}
        name="branch_name"
        autoComplete="off"
        value={values.branch_name}
        onChange={set('branch_name')}
        error={form.errorOf('branch_name')}
      />
      <Field
        label={t(LABELS.branch_code)}
        name="branch_code"
        inputMode="numeric"
        autoComplete="off"
        maxLength={3}
        placeholder={t('bankAdd.branchCodeHint')}
        value={values.branch_code}
        onChange={set('branch_code')}
        error={form.errorOf('branch_code')}
      />
      {form.formErrorText ? (
        <p className={styles.formError} role="alert">
          {form.formErrorText}
          {form.formError?.key === 'realname_required' ? (
            <>
              {' '}
              <Link to="/mine/verified">{t('bankAdd.toVerified')}</Link>
            </>
          ) : null}
        </p>
      ) : null}
      <Button type="submit" busy={add.isLoading || edit.isLoading} block>
        {t('bankAdd.submit')}
      </Button>
    </form>
  );
}

/**
 * /mine/bankAdd: binds a card, or with ?id= edits one of the cards of /user/banks (the full number is
 * typed again: the server only ever answers it masked). Validated with the contract's bankCardFields.
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
        {content}
      </div>
    </PageFrame>
  );
}
