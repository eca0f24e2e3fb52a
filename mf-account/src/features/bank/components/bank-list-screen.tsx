import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DataOf } from 'shared/contract';
import { QueryView } from 'shared/remote-kit';
import { ConfirmDialog, PageFrame } from 'shared/ui';
import { useHost, useStepUp } from '#lib';
import { useDeleteBankMutation } from '../api/delete-bank';
import { useGetBanksQuery } from '../api/get-banks';
import styles from './bank.module.css';
import { emptyCardsFor, useIdentityState } from './identity-state';

type BankCard = DataOf<'banks'>[number];

function CardItem({ card, onDelete }: { card: BankCard; onDelete: (card: BankCard) => void }) {
  const { t } = useTranslation('mf_account');
  return (
    <li
      className={styles.card}
      aria-label={t('bank.cardLabel', { bank: card.bank_name, number: card.card_number_masked })}
    >
      <div className={styles.cardHead}>
        <span className={styles.bankName}>{card.bank_name}</span>
        <span className={styles.cardType}>{t(`bankAdd.cardTypes.${card.card_type}`)}</span>
      </div>
      <p className={styles.cardNumber}>{card.card_number_masked}</p>
      <p className={styles.cardSub}>{t('bank.branch', { branch: card.branch_name, code: card.branch_code })}</p>
      <p className={styles.cardSub}>{t('bank.holder', { name: card.holder_name })}</p>
      <div className={styles.cardActions}>
        <Link className={styles.action} to={`/mine/bankAdd?id=${card.id}`}>
          {t('bank.edit')}
        </Link>
        <button type="button" className={`${styles.action} ${styles.danger}`} onClick={() => onDelete(card)}>
          {t('bank.delete')}
        </button>
      </div>
    </li>
  );
}

/** /mine/bank: the bound cards (numbers masked by the server), edit and delete (confirmed); empty → add one. */
export function BankListScreen() {
  const { t } = useTranslation('mf_account');
  const host = useHost();
  const query = useGetBanksQuery(undefined, { refetchOnMountOrArgChange: true });
  const [deleteBank, { isLoading: deleting }] = useDeleteBankMutation();
  const stepUp = useStepUp();
  const [target, setTarget] = useState<BankCard>();
  const cards = query.data ?? [];
  // The empty list's words and next step follow the identity state (a verified user is not asked to verify).
  const identity = useIdentityState();

  const confirmDelete = async () => {
    if (!target) return;
    // A card change needs a fresh step-up (the password and the second factor, or a mailed code).
    const grant = await stepUp.grant('bank_card');
    if (!grant) return setTarget(undefined);
    try {
      await deleteBank({ id: target.id, step_up: grant }).unwrap();
      host.toast('bank.deleted', { ns: 'mf_account' });
    } catch {
      // The shell has shown the refusal (card_not_found); the list refreshes either way.
    }
    setTarget(undefined);
  };

  return (
    <PageFrame
      title={t('bank.title')}
      actions={
        cards.length > 0 ? (
          <Link className={`ds-button ds-button--secondary ${styles.add}`} to="/mine/bankAdd">
            {t('bank.add')}
          </Link>
        ) : undefined
      }
    >
      <div className={styles.listBody}>
        <QueryView
          ns="mf_account"
          query={query}
          count={cards.length}
          empty={emptyCardsFor(t, identity.status, identity.reason)}
        >
          <ul className={styles.cards}>
            {cards.map((card) => (
              <CardItem key={card.id} card={card} onDelete={setTarget} />
            ))}
          </ul>
        </QueryView>
      </div>
      <ConfirmDialog
        open={target !== undefined}
        title={t('bank.deleteTitle')}
        tone="danger"
        confirmLabel={t('bank.delete')}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setTarget(undefined)}
      >
        {target ? t('bank.deleteBody', { bank: target.bank_name, number: target.card_number_masked }) : null}
      </ConfirmDialog>
      {stepUp.dialog}
    </PageFrame>
  );
}
