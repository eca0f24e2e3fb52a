import { firstPage, layout, NextPage, QueryView } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { useGetBlockApplicationsInfiniteQuery } from '../api/get-block-applications';
import { KIND_ROUTE, type BlockKind } from '../model/variants';
import { ApplicationRow } from './application-row';

/** The user's applications of one kind, newest first, with their review state; "load more". */
export function ApplicationList({ kind }: { kind: BlockKind }) {
  const { t } = useRemoteTranslation();
  const lang = useHost().getSession().language;
  const query = useGetBlockApplicationsInfiniteQuery({ variant: kind, lang }, { refetchOnMountOrArgChange: true });
  const pages = query.data?.pages ?? [];
  const applications = pages.flatMap((page) => page.list);
  const total = pages.at(-1)?.total ?? 0;
  return (
    <QueryView
      ns={NAMESPACE}
      query={firstPage(query)}
      count={applications.length}
      empty={{
        title: t('block.empty.applications'),
        hint: t(`block.empty.applicationsHint.${kind}`),
        // The standard list sits next to its stocks tab; a variant's list points at its listings.
        action: kind === 'standard' ? undefined : { label: t(`block.browse.${kind}`), to: KIND_ROUTE[kind] },
      }}
    >
      <ul className={layout.list} aria-label={t(`blockApp.listLabel.${kind}`)}>
        {applications.map((application) => (
          <ApplicationRow key={application.id} application={application} />
        ))}
      </ul>
      <NextPage
        ns={NAMESPACE}
        query={query}
        moreLabel={t('block.loadMore')}
        status={t('block.shown', { shown: applications.length, total })}
      />
    </QueryView>
  );
}
