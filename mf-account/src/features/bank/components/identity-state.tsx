/**
 * The identity state a bank card depends on (a card must be in the verified name), read from /user/realnameInfo
 * and said as it is: none (verify first), pending (under review: wait for the decision), failed (not approved,
 * with the reason: submit again) or verified. The card form and the empty card list both show it.
 */
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DataOf } from 'shared/contract';
import { Skeleton, type EmptyStateProps } from 'shared/ui';
import { useGetBankIdentityQuery } from '../api/get-identity-state';
import styles from './bank.module.css';

export type RealnameStatus = DataOf<'realnameInfo'>['status'];

/** The state, or undefined while it loads or when it could not be read (then the server's refusal says it). */
export function useIdentityState(): { status: RealnameStatus | undefined; reason: string | null; loading: boolean } {
  const query = useGetBankIdentityQuery(undefined, { refetchOnMountOrArgChange: true });
  return {
    status: query.data?.status,
    reason: query.data?.reject_reason ?? null,
    loading: query.isLoading,
  };
}

/** What the empty card list says and offers in each identity state. */
export function emptyCardsFor(
  t: TFunction<'mf_account'>,
  status: RealnameStatus | undefined,
  reason: string | null,
): EmptyStateProps {
  if (status === 'none') {
    return {
      title: t('bank.emptyTitle'),
      hint: t('bank.identity.none'),
      action: { label: t('bank.identity.verify'), to: '/mine/verified' },
    };
  }
  if (status === 'pending') {
    return {
      title: t('bank.emptyTitle'),
      hint: t('bank.identity.pending'),
      action: { label: t('bank.identity.seeStatus'), to: '/mine/verified' },
    };
  }
  if (status === 'failed') {
    return {
      title: t('bank.emptyTitle'),
      hint: reason ? t('bank.identity.failedReason', { reason }) : t('bank.identity.failed'),
      action: { label: t('bank.identity.submitAgain'), to: '/mine/verified' },
    };
  }
  // Verified (or not known: the server refuses what is not allowed and says why).
  return {
    title: t('bank.emptyTitle'),
    hint: status === 'verified' ? t('bank.emptyHintVerified') : t('bank.emptyHint'),
    action: { label: t('bank.emptyAction'), to: '/mine/bankAdd' },
  };
}

/**
 * The card form only once the identity is verified; before that, the state as it is and its next step. While the
 * state loads, a placeholder; if it cannot be read, the form (the server's refusal then names what is missing).
 */
export function IdentityGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('mf_account');
  const { status, reason, loading } = useIdentityState();
  if (loading) {
    return (
      <div aria-busy="true">
        <Skeleton height="44px" />
        <Skeleton height="44px" />
      </div>
    );
  }
  if (status === undefined || status === 'verified') return <>{children}</>;
  const text =
    status === 'failed'
      ? reason
        ? t('bank.identity.failedReason', { reason })
        : t('bank.identity.failed')
      : t(`bank.identity.${status}`);
  const action =
    status === 'failed'
      ? t('bank.identity.submitAgain')
      : status === 'pending'
        ? t('bank.identity.seeStatus')
        : t('bank.identity.verify');
  return (
    <div className={styles.identity} role="status" data-identity={status}>
      <p className={styles.identityTitle}>{t(`bank.identity.title.${status}`)}</p>
      <p className={styles.hint}>{text}</p>
      <Link className="ds-button ds-button--primary ds-button--block" to="/mine/verified">
        {action}
      </Link>
    </div>
  );
}
