import type { ReactNode } from 'react';
import type { NewShareIssue } from 'shared/contract';
import { Card, Money, StatusBadge } from 'shared/ui';
import { DetailList, formatMarketTime, layout } from 'shared/remote-kit';
import { dayCount, useRemoteTranslation } from '#lib';
import { issueState, NEW_SHARE_FIELDS, type NewShareField } from '../model/new-share-fields';
import { MARKET_DATED } from '../model/market-date';
import { shareCount } from '../model/quantity';
import styles from './new-share.module.css';

/**
 * Every field of spec §3 New share for one issue. Market price and premium come from the market data once the
 * stock lists and the hit rate is published after the draw: until then they read "—", and a note says why.
 */
export function IssueCard({ issue }: { issue: NewShareIssue }) {
  const { t, i18n } = useRemoteTranslation();
  const time = (instant: string) => formatMarketTime(instant, issue.market, i18n.language);
  // Both ends of the window carry their date, even today's (MARKET_DATED never reads as today).
  const dated = (instant: string) => formatMarketTime(instant, issue.market, i18n.language, MARKET_DATED);
  const shares = (quantity: string) => t('info.shares', shareCount(quantity));
  const percent = (value: string | null) => (value === null ? '—' : `${value}%`);
  const values: Record<NewShareField, ReactNode> = {
    code: issue.code,
    market: t(`newShare.marketName.${issue.market}`),
    subscriptionPrice: <Money value={issue.subscription_price} currency={issue.currency} />,
    issuePrice: <Money value={issue.issue_price} currency={issue.currency} />,
    marketPrice: issue.market_price === null ? '—' : <Money value={issue.market_price} currency={issue.currency} />,
    premium: issue.premium === null ? '—' : `${issue.premium.startsWith('-') ? '' : '+'}${issue.premium}%`,
    peRatio: issue.pe ?? t('info.notDisclosed'),
    subscriptionCap: shares(issue.subscription_cap),
    lotSize: shares(String(issue.lot_size)),
    issueSize: shares(issue.issue_size),
    hitRate: percent(issue.hit_rate),
    underwriter: issue.underwriter,
    lockUpDays: t('info.days', dayCount(issue.lockup_days)),
    // Two unbroken ends: a narrow screen wraps after the dash, never inside a date.
    window: (
      <>
        <span className={styles.unbroken}>{dated(issue.opens_at)} –</span>{' '}
        <span className={styles.unbroken}>{dated(issue.closes_at)}</span>
      </>
    ),
    // Every date row carries its date, even today's ("listing day 09:00 JST" lost it: issue 35).
    drawDate: dated(issue.draw_at),
    payDeadline: dated(issue.pay_deadline),
    listingDate: dated(issue.listing_at),
    distributionDate: dated(issue.distribution_at),
  };
  const state = issueState(issue);
  const notes = [
    issue.market_price === null ? t('info.pendingNote.marketPrice', { date: time(issue.listing_at) }) : null,
    issue.hit_rate === null ? t('info.pendingNote.hitRate', { date: time(issue.draw_at) }) : null,
    issue.withdrawn ? t('info.pendingNote.withdrawn') : null,
  ].filter((note): note is string => note !== null);
  return (
    <Card
      title={`${issue.name} (${issue.code})`}
      extra={<StatusBadge label={t(`newShare.state.${state.key}`)} tone={state.tone} />}
      className={layout.card}
    >
      <DetailList items={NEW_SHARE_FIELDS.map((id) => ({ id, label: t(`info.field.${id}`), value: values[id] }))} />
      {notes.map((note) => (
        <p key={note} className={layout.note} role="note">
          {note}
        </p>
      ))}
    </Card>
  );
}
