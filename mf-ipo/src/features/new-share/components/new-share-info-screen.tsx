import { useSearchParams } from 'react-router';
import { Button, Card, EmptyState, PageFrame } from 'shared/ui';
import { DetailList, layout } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import { NEW_SHARE_FIELDS } from '../model/new-share-fields';

/** /home/newShareInfo?id=: the new-share fields of spec §3; values arrive with the issue catalogue. */
export function NewShareInfoScreen() {
  const { t } = useRemoteTranslation();
  const [params] = useSearchParams();
  const id = params.get('id')?.trim();
  if (!id) {
    return (
      <PageFrame title={t('info.title')}>
        <EmptyState
          title={t('info.missing')}
          hint={t('info.missingHint')}
          action={{ label: t('info.browse'), to: '/home/newShare' }}
        />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('info.title')}>
      <Card className={layout.card}>
        <DetailList
          items={NEW_SHARE_FIELDS.map((field) => ({ id: field, label: t(`info.field.${field}`), value: '—' }))}
        />
        <p id="ipo-info-soon" className={layout.note} role="note">
          {t('info.pending')}
        </p>
      </Card>
      <div className={layout.stack}>
        <Button block disabled aria-describedby="ipo-info-soon">
          {t('info.subscribe')}
        </Button>
      </div>
    </PageFrame>
  );
}
