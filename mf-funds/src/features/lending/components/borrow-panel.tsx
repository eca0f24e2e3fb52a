import { useEffect, useState } from 'react';
import {
  Button,
  Card,
  ConfirmDialog,
  Field,
  Money,
  ResultSheet,
  Skeleton,
  SegmentedControl,
  StatRow,
  StatusBadge,
  type StatusTone,
} from 'shared/ui';
import type { BodyOf } from 'shared/api';
import { ENDPOINTS, type BorrowOrder, type DataOf } from 'shared/contract';
import { layout, QueryView, useContractForm, type ContractForm } from 'shared/remote-kit';
import { useNavigate } from 'react-router';
import { NAMESPACE, Refusal, useRemoteTranslation } from '#lib';
import {
  useBorrowMutation,
  useGetBorrowingsQuery,
  useGetBorrowQuoteQuery,
  useReturnBorrowingMutation,
} from '../api/lending-api';
import { QUOTE_DEBOUNCE_MS, apiLang, dateText, rateText } from '../model/lending-text';
import listCard from 'shared/ui/list-card.module.css';
import styles from './lending.module.css';
import { shareCount } from 'shared/money';

interface BorrowValues {
  code: string;
  quantity: string;
  term_days: string;
}

const TONES: Record<BorrowOrder['status'], StatusTone> = { active: 'info', returned: 'success', rejected: 'danger' };
const WHOLE = /^0*[1-9]\d{0,8}$/;

type Quote = DataOf<'borrowQuote'>;

/** A borrowing placed: its order no. and the quote it was placed at. */
interface Borrowed {
  orderNo: string;
  quote: Quote;
}

/**
 * The server's quote for what is typed (a whole quantity of a code, asked for once the typing pauses) and the term;
 * the first quote's term fills an empty term. `priced`: the quote of exactly the typed quantity, when it has a price.
 */
function useBorrowQuote(form: ContractForm<BorrowValues>['form']) {
  const code = form.watch('code').trim();
  const typedQuantity = form.watch('quantity').trim();
  const term = form.watch('term_days');
  const typed = code && WHOLE.test(typedQuantity) ? { code, quantity: typedQuantity } : undefined;
  const [asked, setAsked] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(typed), QUOTE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed?.code, typed?.quantity]); // eslint-disable-line react-hooks/exhaustive-deps
  const quote = useGetBorrowQuoteQuery({ ...(asked ?? {}), ...(term ? { term_days: Number(term) } : {}) });
  const offer = quote.data;
  useEffect(() => {
    if (offer && !form.getValues('term_days')) form.setValue('term_days', String(offer.term_days));
  }, [offer, form]);
  const priced = offer && asked && offer.value !== '0' && typed?.quantity === asked.quantity ? offer : undefined;
  return { code, term, typed, offer, priced };
}

/** The credit limit and what is still available of it. */
function CreditFigures({ offer }: { offer: Quote }) {
  const { t } = useRemoteTranslation();
  return (
    <dl aria-label={t('lending.credit')}>
      <StatRow label={t('lending.creditLimit')}>
        <Money value={offer.credit_limit} currency={offer.currency} />
      </StatRow>
      <StatRow label={t('lending.creditAvailable')}>
        <Money value={offer.credit_available} currency={offer.currency} />
      </StatRow>
    </dl>
  );
}

/** The live quote: the rate, the priced figures (the fee as the total), the borrowing note. */
function LiveQuote({ offer, priced }: { offer: Quote; priced: Quote | undefined }) {
  const { t } = useRemoteTranslation();
  return (
    <section aria-label={t('lending.quote')} aria-live="polite">
      <dl>
        <StatRow label={t('lending.rate')}>
          <span className="ds-num">{t('lending.rateValue', { rate: rateText(offer.annual_rate_pct) })}</span>
        </StatRow>
        {priced ? <QuoteFigures quote={priced} feeClassName={styles.total} /> : null}
      </dl>
      <p className={layout.note} role="note">
        {t('lending.borrowNote')}
      </p>
    </section>
  );
}

/** The borrowing placed: order no., credit used, return date; on to the records. */
function BorrowedSheet({ borrowed, onClose }: { borrowed: Borrowed | null; onClose: () => void }) {
  const { t } = useRemoteTranslation();
  const navigate = useNavigate();
  return (
    <ResultSheet
      open={borrowed !== null}
      title={t('msg:borrow_done')}
      rows={
        borrowed
          ? [
              { id: 'order_no', label: t('lending.result.orderNo'), value: borrowed.orderNo || '—' },
              {
                id: 'credit',
                label: t('lending.creditUsed'),
                value: <Money value={borrowed.quote.value} currency={borrowed.quote.currency} />,
              },
              {
                id: 'return_due',
                label: t('lending.returnDue'),
                value: <span className="ds-num">{dateText(borrowed.quote.return_due)}</span>,
              },
            ]
          : []
      }
      next={{ label: t('lending.result.records'), onClick: () => navigate('/mine/transactionRecords') }}
      onClose={onClose}
    >
      <p className={layout.note}>{t('lending.result.borrowNote')}</p>
    </ResultSheet>
  );
}

/**
 * Borrow shares (credit-stock order) within the credit limit: the server's quote (price, credit used, rate, fee
 * to the return date, return date, credit available) next to what is typed, then the orders with their states.
 */
export function BorrowPanel() {
  const { t } = useRemoteTranslation();
  const [borrow] = useBorrowMutation();
  const [confirming, setConfirming] = useState(false);
  const [borrowed, setBorrowed] = useState<Borrowed | null>(null);
  const form = useContractForm<BorrowValues, BodyOf<typeof ENDPOINTS.borrow>>({
    endpoint: ENDPOINTS.borrow,
    namespace: NAMESPACE,
    defaultValues: { code: '', quantity: '', term_days: '' },
    toBody: (v) => ({ code: v.code.trim(), quantity: v.quantity.trim(), term_days: Number(v.term_days) }),
    send: (body, idempotencyKey) => borrow({ body, idempotencyKey }),
    onSuccess: (data, values) => {
      if (priced) setBorrowed({ orderNo: (data as { order_no?: string } | null)?.order_no ?? '', quote: priced });
      form.form.reset({ ...values, quantity: '' });
    },
  });
  const { code, term, typed, offer, priced } = useBorrowQuote(form.form);
  // Checked first (schema and rules), then confirmed with the server's quote; the confirmation sends it.
  const onCheck = form.form.handleSubmit(() => setConfirming(true));
  const pricedRows = priced ? (
    <dl>
      <StatRow label={t('lending.result.shares')}>{t('lending.shares', shareCount(typed?.quantity ?? '0'))}</StatRow>
      <QuoteFigures quote={priced} />
    </dl>
  ) : null;
  return (
    <>
      <Card title={t('lending.borrow')} className={layout.card}>
        <form className={layout.form} aria-label={t('lending.borrow')} onSubmit={onCheck} noValidate>
          {offer ? <CreditFigures offer={offer} /> : null}
          <Field label={t('lending.code')} autoComplete="off" {...form.field('code')} />
          <Field label={t('lending.quantity')} inputMode="numeric" autoComplete="off" {...form.field('quantity')} />
          <div className={styles.terms}>
            {offer ? (
              <SegmentedControl
                label={t('lending.term')}
                showLabel
                value={term}
                onChange={(v) =>
                  form.form.setValue('term_days', v, { shouldValidate: form.form.formState.isSubmitted })
                }
                options={offer.terms.map((d) => ({ value: String(d), label: t('lending.days', { days: d }) }))}
              />
            ) : (
              <Skeleton height="2.5rem" />
            )}
          </div>
          {offer ? <LiveQuote offer={offer} priced={priced} /> : null}
          <Refusal error={form.refusal} />
          <Button type="submit" block busy={form.busy}>
            {t('lending.borrowSubmit')}
          </Button>
        </form>
      </Card>
      <Borrowings />
      <ConfirmDialog
        open={confirming}
        title={t('lending.confirm.borrowTitle', { code })}
        confirmLabel={t('lending.confirm.borrowOk')}
        confirmDisabled={!priced}
        busy={form.busy}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          await form.onSubmit();
          setConfirming(false);
        }}
      >
        {pricedRows}
        <p className={layout.note}>{t('lending.borrowNote')}</p>
        <p className={layout.note}>{t('lending.confirm.marketNote')}</p>
      </ConfirmDialog>
      <BorrowedSheet borrowed={borrowed} onClose={() => setBorrowed(null)} />
    </>
  );
}

type Returned = DataOf<'borrowReturn'>;

/** A borrowing quote's figures as rows (the form's live quote and the confirmation show the same ones). */
function QuoteFigures({
  quote,
  feeClassName,
}: {
  quote: { price: string; value: string; fee_estimate: string; return_due: string; currency: string };
  feeClassName?: string;
}) {
  const { t } = useRemoteTranslation();
  return (
    <>
      <StatRow label={t('lending.price')}>
        <Money value={quote.price} currency={quote.currency} />
      </StatRow>
      <StatRow label={t('lending.creditUsed')}>
        <Money value={quote.value} currency={quote.currency} />
      </StatRow>
      <StatRow label={t('lending.feeEstimate')}>
        <Money value={quote.fee_estimate} currency={quote.currency} className={feeClassName} />
      </StatRow>
      <StatRow label={t('lending.returnDue')}>
        <span className="ds-num">{dateText(quote.return_due)}</span>
      </StatRow>
    </>
  );
}

/** The borrowings; a buy-back's result (the server's price, cost, fee and P&L) in a ResultSheet kept here. */
function Borrowings() {
  const { t, i18n } = useRemoteTranslation();
  const navigate = useNavigate();
  const list = useGetBorrowingsQuery({ lang: apiLang(i18n.language) }, { refetchOnMountOrArgChange: true });
  const orders = list.data?.list ?? [];
  const [returned, setReturned] = useState<Returned | null>(null);
  const money = (value: string) => <Money value={value} currency={returned!.currency} />;
  return (
    <Card title={t('lending.borrowings')} className={layout.card}>
      <QueryView ns={NAMESPACE} query={list} count={orders.length} empty={{ title: t('lending.noBorrowings') }}>
        <ul className={layout.list} aria-label={t('lending.borrowings')}>
          {orders.map((o) => (
            <BorrowRow key={o.id} order={o} onReturned={setReturned} />
          ))}
        </ul>
      </QueryView>
      <ResultSheet
        open={returned !== null}
        title={t('msg:borrow_returned')}
        rows={
          returned
            ? [
                { id: 'order_no', label: t('lending.result.orderNo'), value: returned.order_no },
                { id: 'price', label: t('lending.result.price'), value: money(returned.price) },
                { id: 'cost', label: t('lending.result.cost'), value: money(returned.cost) },
                { id: 'fee', label: t('lending.result.fee'), value: money(returned.fee) },
                {
                  id: 'pnl',
                  label: t('lending.result.pnl'),
                  value: <Money value={returned.pnl} currency={returned.currency} signed />,
                },
              ]
            : []
        }
        next={{ label: t('lending.result.records'), onClick: () => navigate('/mine/transactionRecords') }}
        onClose={() => setReturned(null)}
      >
        <p className={layout.note}>{t('lending.result.returnedNote')}</p>
      </ResultSheet>
    </Card>
  );
}

/** A borrowing's credit used, rate, fee (accrued while active, else paid) and return date. */
function BorrowFigures({ order }: { order: BorrowOrder }) {
  const { t } = useRemoteTranslation();
  const active = order.status === 'active';
  return (
    <dl aria-label={t('lending.orderOf', { order: order.order_no })}>
      <StatRow label={t('lending.creditUsed')}>
        <Money value={order.credit} currency={order.currency} />
      </StatRow>
      <StatRow label={t('lending.rate')}>
        <span className="ds-num">{t('lending.rateValue', { rate: rateText(order.annual_rate_pct) })}</span>
      </StatRow>
      <StatRow label={active ? t('lending.feeAccrued', { days: order.accrued_days }) : t('lending.feePaid')}>
        <Money value={order.fee} currency={order.currency} />
      </StatRow>
      <StatRow label={t('lending.returnDue')}>
        <span className="ds-num">{dateText(order.return_due)}</span>
      </StatRow>
    </dl>
  );
}

/** One borrowing: its figures and, while active, the return with its confirmation. */
function BorrowRow({ order, onReturned }: { order: BorrowOrder; onReturned: (returned: Returned) => void }) {
  const { t } = useRemoteTranslation();
  const [giveBack] = useReturnBorrowingMutation();
  const [confirming, setConfirming] = useState(false);
  const form = useContractForm<Record<string, never>, BodyOf<typeof ENDPOINTS.borrowReturn>>({
    endpoint: ENDPOINTS.borrowReturn,
    namespace: NAMESPACE,
    defaultValues: {},
    toBody: () => ({ id: order.id }),
    send: (body, idempotencyKey) => giveBack({ body, idempotencyKey }),
    onSuccess: (data) => {
      if (data) onReturned(data as Returned);
    },
  });
  const active = order.status === 'active';
  return (
    <li className={listCard.card}>
      <div className={styles.head}>
        <span className={styles.main}>
          <span className={layout.rowTitle}>{`${order.name} ${order.code}`}</span>
          <span className={layout.rowSub}>
            {t('lending.shares', shareCount(order.quantity))} · {dateText(order.created_at)}
          </span>
        </span>
        <span className={styles.end}>
          <StatusBadge
            label={t(order.overdue ? 'lending.overdue' : `lending.borrowState.${order.status}`)}
            tone={order.overdue ? 'danger' : TONES[order.status]}
          />
        </span>
      </div>
      <BorrowFigures order={order} />
      {active ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setConfirming(true);
          }}
          aria-label={t('lending.returnOf', { order: order.order_no })}
          noValidate
        >
          <Refusal error={form.refusal} />
          <Button type="submit" variant="secondary" block busy={form.busy}>
            {t('lending.giveBack')}
          </Button>
          <p className={layout.note}>{t('lending.returnNote')}</p>
        </form>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('lending.confirm.returnTitle', { code: order.code })}
        confirmLabel={t('lending.confirm.returnOk')}
        busy={form.busy}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          await form.onSubmit();
          setConfirming(false);
        }}
      >
        <dl>
          <StatRow label={t('lending.result.shares')}>{t('lending.shares', shareCount(order.quantity))}</StatRow>
          <StatRow label={t('lending.creditUsed')}>
            <Money value={order.credit} currency={order.currency} />
          </StatRow>
          <StatRow label={t('lending.feeAccrued', { days: order.accrued_days })}>
            <Money value={order.fee} currency={order.currency} />
          </StatRow>
        </dl>
        <p className={layout.note}>{t('lending.returnNote')}</p>
        <p className={layout.note}>{t('lending.confirm.marketNote')}</p>
      </ConfirmDialog>
    </li>
  );
}
