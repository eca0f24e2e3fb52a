import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, PageFrame } from 'shared/ui';
import { apiErrorOf, layout, QueryView } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { useGetNewShareQuery } from '../api/get-new-share';
import { ApplicationCard } from './application-card';
import { DrawVerification } from './draw-verification';
import { IssueCard } from './issue-card';
import { SubscribedResultSheet, SubscribeForm, type Subscribed } from './subscribe-form';

/**
 * /home/newShareInfo?id=: every field of the issue (spec §3), the reader's own subscription and its state
 * with confirm or decline while payment is due, the subscription form while the window is open (its result sheet
 * here: the form gives way to the subscription once the issue is read again), and the draw's verification.
 */
export function NewShareInfoScreen() {
  const { t } = useRemoteTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')?.trim());
  const valid = Number.isInteger(id) && id > 0;
  const lang = useHost().getSession().language;
  const query = useGetNewShareQuery({ id, lang }, { skip: !valid, refetchOnMountOrArgChange: true });
  const [subscribed, setSubscribed] = useState<Subscribed>();
  const missingState = {
    title: t('info.missing'),
    hint: t('info.missingHint'),
    action: { label: t('info.browse'), to: '/home/newShare' },
  };
  const missing = <EmptyState {...missingState} />;
  if (!valid) return <PageFrame title={t('info.title')}>{missing}</PageFrame>;
  const error = apiErrorOf(query.error);
  const info = query.data;
  return (
    <PageFrame title={info?.issue.name ?? t('info.title')}>
      {error?.msg === 'new_share_not_found' ? (
        missing
      ) : (
        <QueryView ns={NAMESPACE} query={query} count={info ? 1 : 0} empty={missingState}>
          {info ? (
            <>
              <IssueCard issue={info.issue} />
              {info.application ? <ApplicationCard issue={info.issue} application={info.application} /> : null}
              {!info.application && info.issue.state === 'to_subscribe' && !info.issue.withdrawn ? (
                <SubscribeForm issue={info.issue} onSubscribed={setSubscribed} />
              ) : null}
              {!info.application && (info.issue.state !== 'to_subscribe' || info.issue.withdrawn) ? (
                <p className={layout.purpose} role="note">
                  {t(`info.closedNote.${info.issue.withdrawn ? 'withdrawn' : info.issue.state}`)}
                </p>
              ) : null}
              <DrawVerification info={info} />
              <SubscribedResultSheet issue={info.issue} result={subscribed} onClose={() => setSubscribed(undefined)} />
            </>
          ) : null}
        </QueryView>
      )}
    </PageFrame>
  );
}
