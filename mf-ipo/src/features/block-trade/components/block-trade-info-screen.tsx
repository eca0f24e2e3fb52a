import { useSearchParams } from 'react-router';
import { Button, Card, EmptyState, Field, PageFrame, StatRow } from 'shared/ui';
import { layout } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';

/** /home/largeInfo?id=: a block-trade offer (spec §3: minimum buy lots, trade deadline, channel password). */
export function BlockTradeInfoScreen() {
  const { t } = useRemoteTranslation();
  const [params] = useSearchParams();
  const id = params.get('id')?.trim();
  if (!id) {
    return (
      <PageFrame title={t('blockInfo.title')}>
        <EmptyState
          title={t('blockInfo.missing')}
          hint={t('blockInfo.missingHint')}
          action={{ label: t('variant.browse'), to: '/home/large' }}
        />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('blockInfo.title')}>
      <Card className={layout.card}>
        <dl>
          <StatRow label={t('blockInfo.stock')}>—</StatRow>
          <StatRow label={t('blockInfo.price')}>—</StatRow>
          <StatRow label={t('blockInfo.minLots')}>—</StatRow>
          <StatRow label={t('blockInfo.deadline')}>—</StatRow>
        </dl>
        <p className={layout.note} role="note">
          {t('blockInfo.pending')}
        </p>
      </Card>
      <Card className={layout.card}>
        <form className={layout.form} aria-label={t('blockInfo.apply')} onSubmit={(e) => e.preventDefault()}>
          <Field label={t('blockInfo.lots')} name="lots" inputMode="numeric" autoComplete="off" />
          <Field label={t('blockInfo.channelPassword')} name="channel_password" type="password" autoComplete="off" />
          <p id="ipo-block-soon" className={layout.note} role="note">
            {t('common.availableSoon')}
          </p>
          <Button type="submit" block disabled aria-describedby="ipo-block-soon">
            {t('blockInfo.apply')}
          </Button>
        </form>
      </Card>
    </PageFrame>
  );
}
