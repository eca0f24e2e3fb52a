import { Link } from 'react-router';
import type { Market } from 'shared/mf';
import type { NewShareIssue } from 'shared/contract';
import { Facts, Money, StatusBadge } from 'shared/ui';
import { firstPage, layout, NextPage, QueryView } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { useGetNewSharesInfiniteQuery } from '../api/get-new-shares';
import { issueState, type IssueTab } from '../model/new-share-fields';
import { marketDate, marketDateRange } from '../model/market-date';
import { shareCount } from '../model/quantity';
import listCard from 'shared/ui/list-card.module.css';
import styles from './new-share.module.css';

/** The issues of one market in a tab, "load more" paged: each row opens the issue's detail. */
export function IssueList({ market, tab }: { market: Market; tab: IssueTab }) {
  const { t } = useRemoteTranslation();
  const lang = useHost().getSession().language;
  const query = useGetNewSharesInfiniteQuery({ market, tab, lang }, { refetchOnMountOrArgChange: true });
  const pages = query.data?.pages ?? [];
  const issues = pages.flatMap((page) => page.list);
  const total = pages.at(-1)?.total ?? 0;
  return (
    <QueryView
      ns={NAMESPACE}
      query={firstPage(query)}
      count={issues.length}
      empty={{
        title: t(`newShare.empty.${tab}`),
        hint: t(`newShare.emptyHint.${tab}`),
        action:
          tab === 'ended'
            ? { label: t('newShare.seeRecords'), to: '/mine/newShareOrder' }
            : { label: t('newShare.seeEnded'), to: '/home/newShare?tab=ended' },
      }}
    >
      <ul className={layout.list} aria-label={t(`newShare.tab.${tab}`)}>
        {issues.map((issue) => (
          <IssueRow key={issue.id} issue={issue} />
        ))}
      </ul>
      <NextPage
        ns={NAMESPACE}
        query={query}
        moreLabel={t('newShare.loadMore')}
        status={t('newShare.shown', { shown: issues.length, total })}
      />
    </QueryView>
  );
}

/** One issue: name, code and market, state, subscription price, cap, window, draw and listing dates. */
function IssueRow({ issue }: { issue: NewShareIssue }) {
  const { t } = useRemoteTranslation();
  const state = issueState(issue);
  return (
    <li>
      <Link className={`${listCard.card} ${styles.issue}`} to={`/home/newShareInfo?id=${issue.id}`}>
        <span className={listCard.head}>
          <span className={listCard.name}>{issue.name}</span>
          <StatusBadge label={t(`newShare.state.${state.key}`)} tone={state.tone} />
        </span>
        <span className={listCard.sub}>{`${issue.code} · ${t(`newShare.marketName.${issue.market}`)}`}</span>
        <Facts
          items={[
            {
              label: t('info.field.subscriptionPrice'),
              value: <Money value={issue.subscription_price} currency={issue.currency} />,
            },
            { label: t('info.field.subscriptionCap'), value: t('info.shares', shareCount(issue.subscription_cap)) },
            {
              label: t('info.field.window'),
              value: marketDateRange(issue.opens_at, issue.closes_at, issue.market),
              wide: true,
            },
            { label: t('info.field.drawDate'), value: marketDate(issue.draw_at, issue.market) },
            { label: t('info.field.listingDate'), value: marketDate(issue.listing_at, issue.market) },
          ]}
        />
      </Link>
    </li>
  );
}
