import { useState } from 'react';
import type { NewShareApplication, NewShareIssue } from 'shared/contract';
import type { WithMessage } from 'shared/api';
import { Button, Card, Money, StatusBadge } from 'shared/ui';
import { DetailList, formatDateTime, formatMarketTime, layout } from 'shared/remote-kit';
import { dayCount, lotCount, useRemoteTranslation } from '#lib';
import { applicationShown, paymentDue } from '../model/new-share-fields';
import { MARKET_DATED } from '../model/market-date';
import { amountDue } from '../model/subscription-math';
import { shareCount } from '../model/quantity';
import {
  ConfirmAllotmentDialog,
  DeclineAllotmentDialog,
  DeclinedResultSheet,
  PaidResultSheet,
  type Declined,
} from './allotment-dialogs';
import styles from './new-share.module.css';

/** The application's figures: numbers, quantity, amounts held, due and paid, the time, its contribution. */
function ApplicationFacts({ application }: { application: NewShareApplication }) {
  const { t } = useRemoteTranslation();
  const money = (value: string) => <Money value={value} currency={application.currency} />;
  const due = amountDue(application);
  return (
    <DetailList
      items={[
        { id: 'order', label: t('info.application.orderNo'), value: application.order_no },
        { id: 'number', label: t('info.field.allotmentNumber'), value: application.application_no },
        {
          id: 'quantity',
          label: t('info.field.subscriptionQuantity'),
          value: t('info.sharesInLots', {
            shares: t('info.shares', shareCount(application.quantity)),
            lots: t('info.lotCount', lotCount(application.units)),
          }),
        },
        { id: 'amount', label: t('info.field.subscribedAmount'), value: money(application.amount) },
        {
          id: 'allotted',
          label: t('info.field.allottedQuantity'),
          value:
            application.allotted_quantity === null
              ? t('info.application.notDrawn')
              : t('info.shares', shareCount(application.allotted_quantity)),
        },
        ...(due ? [{ id: 'due', label: t('info.application.due'), value: money(due) }] : []),
        ...(application.paid_amount
          ? [{ id: 'paid', label: t('info.application.paid'), value: money(application.paid_amount) }]
          : []),
        {
          id: 'held',
          label: t('info.application.held'),
          value: application.rjmoney === '-' ? '—' : money(application.rjmoney),
        },
        { id: 'created', label: t('info.application.created'), value: formatDateTime(application.created_at) },
        ...(application.contribution
          ? [
              {
                id: 'contribution',
                label: t('info.application.contribution'),
                value: <code className={styles.mono}>{application.contribution}</code>,
              },
            ]
          : []),
      ]}
    />
  );
}

/** How the contribution was made: the device's part and the server's part. */
function ContributionParts({ application }: { application: NewShareApplication }) {
  const { t } = useRemoteTranslation();
  return (
    <details>
      <summary>{t('info.application.contributionHow')}</summary>
      <p className={layout.note}>{t('info.application.contributionNote')}</p>
      <DetailList
        items={[
          {
            id: 'device',
            label: t('info.application.devicePart'),
            value: application.device_contribution ? (
              <code className={styles.mono}>{application.device_contribution}</code>
            ) : (
              t('info.application.devicePartNone')
            ),
          },
          {
            id: 'server',
            label: t('info.application.serverPart'),
            value: <code className={styles.mono}>{application.server_contribution}</code>,
          },
        ]}
      />
    </details>
  );
}

/**
 * The reader's own subscription to the issue and its state (spec §4: awaiting the draw, won with payment due,
 * not won with the funds returned, subscribed, abstained, failed); while payment is due, Confirm and Decline.
 */
export function ApplicationCard({ issue, application }: { issue: NewShareIssue; application: NewShareApplication }) {
  const { t, i18n } = useRemoteTranslation();
  const [asking, setAsking] = useState<'confirm' | 'decline' | null>(null);
  const [paid, setPaid] = useState<WithMessage<NewShareApplication>>();
  const [declined, setDeclined] = useState<Declined>();
  const time = (instant: string) => formatMarketTime(instant, application.market, i18n.language, MARKET_DATED);
  const shown = applicationShown(application);
  const due = amountDue(application);
  const hint = t(`info.applicationHint.${shown.key}`, {
    draw: time(issue.draw_at),
    deadline: time(application.pay_deadline),
    listing: time(application.listing_at),
    days: t('info.days', dayCount(application.lockup_days)),
  });
  return (
    <Card
      title={t('info.application.title')}
      extra={<StatusBadge label={t(`info.applicationState.${shown.key}`)} tone={shown.tone} />}
      className={layout.card}
    >
      <p className={layout.note}>{hint}</p>
      <ApplicationFacts application={application} />
      {application.contribution ? <ContributionParts application={application} /> : null}
      {paymentDue(application) ? (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setAsking('decline')}>
            {t('info.decline.action')}
          </Button>
          <Button onClick={() => setAsking('confirm')}>{t('info.confirm.action')}</Button>
        </div>
      ) : null}
      <ConfirmAllotmentDialog
        open={asking === 'confirm'}
        application={application}
        due={due}
        onClose={() => setAsking(null)}
        onPaid={setPaid}
      />
      <PaidResultSheet result={paid} onClose={() => setPaid(undefined)} />
      <DeclineAllotmentDialog
        open={asking === 'decline'}
        application={application}
        onClose={() => setAsking(null)}
        onDeclined={setDeclined}
      />
      <DeclinedResultSheet result={declined} onClose={() => setDeclined(undefined)} />
    </Card>
  );
}
