import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, PageFrame } from 'shared/ui';
import { SelectField, SoonNote } from '#lib';
import styles from './bank.module.css';

/** Account types of Japanese bank accounts (spec §3 "card type (account type)"). */
const CARD_TYPES = ['ordinary', 'current', 'savings'] as const;

/**
 * /mine/bankAdd: holder name, card number, card type, bank name, branch name, branch code (spec §3).
 * The bind-card endpoint comes with the next issue, so the submit stays disabled with a note.
 */
export function BankAddScreen() {
  const { t } = useTranslation('mf_account');
  const [values, setValues] = useState({ name: '', card: '', type: 'ordinary', bank: '', branch: '', branch_code: '' });
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));
  const submit = (event: FormEvent) => event.preventDefault();
  return (
    <PageFrame title={t('bankAdd.title')}>
      <div className={styles.body}>
        <p className={styles.hint}>{t('bankAdd.hint')}</p>
        <form className={styles.form} onSubmit={submit} noValidate>
          <Field label={t('bankAdd.holderName')} name="name" autoComplete="name" value={values.name} onChange={set('name')} />
          <Field label={t('bankAdd.cardNumber')} name="card" inputMode="numeric" autoComplete="off" value={values.card} onChange={set('card')} />
          <SelectField
            label={t('bankAdd.cardType')}
            name="type"
            value={values.type}
            onChange={set('type')}
            options={CARD_TYPES.map((type) => ({ value: type, label: t(`bankAdd.cardTypes.${type}`) }))}
          />
          <Field label={t('bankAdd.bankName')} name="bank" autoComplete="off" value={values.bank} onChange={set('bank')} />
          <Field label={t('bankAdd.branchName')} name="branch" autoComplete="off" value={values.branch} onChange={set('branch')} />
          <Field label={t('bankAdd.branchCode')} name="branch_code" inputMode="numeric" autoComplete="off" value={values.branch_code} onChange={set('branch_code')} />
          <Button type="submit" disabled block>
            {t('bankAdd.submit')}
          </Button>
          <SoonNote />
        </form>
      </div>
    </PageFrame>
  );
}
