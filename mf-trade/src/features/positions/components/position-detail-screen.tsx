import { useSearchParams } from 'react-router';
import { Card, EmptyState, PageFrame, SkeletonList, StatRow } from 'shared/ui';
import { useHost, useRemoteTranslation } from '#lib';
import { useGetHoldingsQuery } from '../api/get-holdings';
import { useGetHoldingsHistoryQuery } from '../api/get-holdings-history';
import { closedPositions, openPositions } from '../model/position-rows';
import { formatDetail, positionDetail } from '../model/position-detail';
import styles from './position-detail-screen.module.css';

/** /position/info?id=&phase=: the position fields of spec §3, or a "not found" state. */
export function PositionDetailScreen() {
  const { t } = useRemoteTranslation();
  const market = useHost().getSession().market ?? 'jpy';
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const ended = params.get('phase') === 'ended';
  const open = useGetHoldingsQuery(market, { skip: ended || !id });
  const closed = useGetHoldingsHistoryQuery(market, { skip: !ended || !id });
  const loading = ended ? closed.isLoading : open.isLoading;
  const row = (ended ? closedPositions(closed.data) : openPositions(open.data)).find((r) => r.id === id);

  return (
    <PageFrame title={t('positionDetail.title')}>
      {loading ? (
        <SkeletonList rows={6} lines={1} />
      ) : row ? (
        <Card className={styles.card}>
          <dl className={styles.fields}>
            {positionDetail(row.record).map((field) => (
              <StatRow key={field.key} label={t(`positionDetail.field.${field.key}`)}>
                {formatDetail(field)}
              </StatRow>
            ))}
          </dl>
        </Card>
      ) : (
        <EmptyState
          title={t('positionDetail.notFound.title')}
          hint={t('positionDetail.notFound.hint')}
          action={{ label: t('positionDetail.notFound.action'), to: '/position/index' }}
        />
      )}
    </PageFrame>
  );
}
