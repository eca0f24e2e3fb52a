import { useState } from 'react';
import { Button, Card, ConfirmDialog, Money, ResultSheet, StatRow, StatusBadge, type StatusTone } from 'shared/ui';
import type { BodyOf } from 'shared/api';
import { ENDPOINTS, type LendableHolding, type StockLending } from 'shared/contract';
import { layout, QueryView, useContractForm } from 'shared/remote-kit';
import { NAMESPACE, Refusal, useHost, useRemoteTranslation } from '#lib';
import { useNavigate } from 'react-router';
import { useGetLendingOverviewQuery, useLendMutation, useRecallMutation } from '../api/lending-api';
import { apiLang, dateText, rateText } from '../model/lending-text';
import listCard from 'shared/ui/list-card.module.css';
import styles from './lending.module.css';
import { shareCount } from 'shared/money';

const TONES: Record<StockLending['status'], StatusTone> = { lent: 'info', recalled: 'pending', returned: 'success' };

/** A lending the server booked: its order number and the holding lent (the holding then leaves the list). */
interface Lent {
  orderNo: string;
  holding: LendableHolding;
}

/**
 * Lend (貸株): the holdings that may be lent now, with the rate and one day's fee, and the user's lendings. A lend
 * is confirmed with its figures and reported in a ResultSheet kept here (the lent holding leaves the list).
 */
export function LendPanel() {
  const { t, i18n } = useRemoteTranslation();
  const navigate = useNavigate();
  const [lent, setLent] = useState<Lent | null>(null);
  const lentShares = lent ? t('lending.shares', shareCount(lent.holding.quantity)) : '';
  const overview = useGetLendingOverviewQuery({ lang: apiLang(i18n.language) }, { refetchOnMountOrArgChange: true });
  const data = overview.data;
  return (
    <>
      <Card title={t('lending.lendable')} className={layout.card}>
        <QueryView
          ns={NAMESPACE}
          query={overview}
          count={data?.lendable.length ?? 0}
          empty={{ title: t('lending.noLendable'), hint: t('lending.noLendableHint') }}
        >
          <ul className={layout.list} aria-label={t('lending.lendable')}>
            {data?.lendable.map((h) => (
              <LendableRow key={h.position_id} holding={h} onLent={setLent} />
            ))}
          </ul>
        </QueryView>
        <p className={layout.note} role="note">
          {t('lending.lendNote')}
        </p>
      </Card>
      <Card title={t('lending.myLendings')} className={layout.card}>
        <QueryView
          ns={NAMESPACE}
          query={overview}
          count={data?.lendings.length ?? 0}
          empty={{ title: t('lending.noLendings') }}
        >
          <ul className={layout.list} aria-label={t('lending.myLendings')}>
            {data?.lendings.map((l) => (
              <LendingRow key={l.id} lending={l} />
            ))}
          </ul>
        </QueryView>
      </Card>
      <ResultSheet
        open={lent !== null}
        title={t('msg:lending_lent')}
        rows={
          lent
            ? [
                { id: 'order_no', label: t('lending.result.orderNo'), value: lent.orderNo || '—' },
                {
                  id: 'shares',
                  label: t('lending.result.shares'),
                  value: `${lent.holding.name} ${lent.holding.code} · ${lentShares}`,
                },
                {
                  id: 'daily_fee',
                  label: t('lending.dailyFee'),
                  value: <Money value={lent.holding.daily_fee} currency={lent.holding.currency} />,
                },
              ]
            : []
        }
        next={{ label: t('lending.result.records'), onClick: () => navigate('/mine/transactionRecords') }}
        onClose={() => setLent(null)}
      >
        <p className={layout.note}>{t('lending.result.lentNote')}</p>
      </ResultSheet>
    </>
  );
}

/** A holding that may be lent: confirmed with its figures, reported with the server's order number (issue 35). */
function LendableRow({ holding, onLent }: { holding: LendableHolding; onLent: (lent: Lent) => void }) {
  const { t } = useRemoteTranslation();
  const [lend] = useLendMutation();
  const [confirming, setConfirming] = useState(false);
  const form = useContractForm<Record<string, never>, BodyOf<typeof ENDPOINTS.lend>>({
    endpoint: ENDPOINTS.lend,
    namespace: NAMESPACE,
    defaultValues: {},
    toBody: () => ({ position_id: holding.position_id }),
    send: (body, idempotencyKey) => lend({ body, idempotencyKey }),
    onSuccess: (data) => onLent({ orderNo: (data as { order_no?: string } | null)?.order_no ?? '', holding }),
  });
  const terms = (
    <dl>
      <StatRow label={t('lending.result.shares')}>{t('lending.shares', shareCount(holding.quantity))}</StatRow>
      <StatRow label={t('lending.value')}>
        <Money value={holding.value} currency={holding.currency} />
      </StatRow>
      <StatRow label={t('lending.rate')}>
        <span className="ds-num">{t('lending.rateValue', { rate: rateText(holding.annual_rate_pct) })}</span>
      </StatRow>
      <StatRow label={t('lending.dailyFee')}>
        <Money value={holding.daily_fee} currency={holding.currency} />
      </StatRow>
    </dl>
  );
  return (
    <li className={listCard.card}>
      <div className={styles.head}>
        <span className={styles.main}>
          <span className={layout.rowTitle}>{`${holding.name} ${holding.code}`}</span>
          <span className={layout.rowSub}>{t('lending.shares', shareCount(holding.quantity))}</span>
        </span>
        <span className={styles.end}>
          <Money value={holding.value} currency={holding.currency} className={layout.num} />
        </span>
      </div>
      <dl aria-label={t('lending.termsOf', { code: holding.code })}>
        <StatRow label={t('lending.rate')}>
          <span className="ds-num">{t('lending.rateValue', { rate: rateText(holding.annual_rate_pct) })}</span>
        </StatRow>
        <StatRow label={t('lending.dailyFee')}>
          <Money value={holding.daily_fee} currency={holding.currency} />
        </StatRow>
      </dl>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setConfirming(true);
        }}
        aria-label={t('lending.lendOf', { code: holding.code })}
        noValidate
      >
        <Refusal error={form.refusal} />
        <Button type="submit" variant="secondary" block busy={form.busy}>
          {t('lending.lend')}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('lending.confirm.lendTitle', { code: holding.code })}
        confirmLabel={t('lending.confirm.lendOk')}
        busy={form.busy}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          await form.onSubmit();
          setConfirming(false);
        }}
      >
        {terms}
        <p className={layout.note}>{t('lending.lendNote')}</p>
      </ConfirmDialog>
    </li>
  );
}

function LendingRow({ lending }: { lending: StockLending }) {
  const { t } = useRemoteTranslation();
  return (
    <li className={listCard.card}>
      <div className={styles.head}>
        <span className={styles.main}>
          <span className={layout.rowTitle}>{`${lending.name} ${lending.code}`}</span>
          <span className={layout.rowSub}>
            {t('lending.shares', shareCount(lending.quantity))} · {dateText(lending.lent_at)}
          </span>
          {lending.status === 'recalled' && lending.returns_on ? (
            <span className={layout.rowSub}>{t('lending.returnsOn', { date: lending.returns_on })}</span>
          ) : null}
        </span>
        <span className={styles.end}>
          <StatusBadge label={t(`lending.state.${lending.status}`)} tone={TONES[lending.status]} />
        </span>
      </div>
      <dl aria-label={t('lending.feesOf', { order: lending.order_no })}>
        <StatRow label={t('lending.rate')}>
          <span className="ds-num">{t('lending.rateValue', { rate: rateText(lending.annual_rate_pct) })}</span>
        </StatRow>
        <StatRow label={t('lending.value')}>
          <Money value={lending.value} currency={lending.currency} />
        </StatRow>
        <StatRow label={t('lending.feeSoFar', { days: lending.accrued_days })}>
          <Money value={lending.fee_paid} currency={lending.currency} className={styles.total} />
        </StatRow>
      </dl>
      {lending.status === 'lent' ? <RecallForm lending={lending} /> : null}
    </li>
  );
}

function RecallForm({ lending }: { lending: StockLending }) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const [recall] = useRecallMutation();
  const form = useContractForm<Record<string, never>, BodyOf<typeof ENDPOINTS.recall>>({
    endpoint: ENDPOINTS.recall,
    namespace: NAMESPACE,
    defaultValues: {},
    toBody: () => ({ id: lending.id }),
    send: (body) => recall(body),
    onSuccess: () => host.toast('lending_recalled', { ns: 'msg' }),
  });
  return (
    <form onSubmit={form.onSubmit} aria-label={t('lending.recallOf', { order: lending.order_no })} noValidate>
      <Refusal error={form.refusal} />
      <Button type="submit" variant="ghost" block busy={form.busy}>
        {t('lending.recall')}
      </Button>
      <p className={layout.note}>{t('lending.recallNote')}</p>
    </form>
  );
}
