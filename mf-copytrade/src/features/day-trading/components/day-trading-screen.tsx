import { useState } from 'react';
import { Button, Card, EmptyState, Field, PageFrame, Tabs, tabPanelId } from 'shared/ui';
import { layout } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';

const TABS = ['submit', 'details'] as const;
type Tab = (typeof TABS)[number];
const PANELS = 'ct-day';

/** /home/withinDays: day-trading application (participation amount) and trade details (spec §2, §3). */
export function DayTradingScreen() {
  const { t } = useRemoteTranslation();
  const [tab, setTab] = useState<Tab>('submit');
  return (
    <PageFrame title={t('day.title')}>
      <Tabs
        items={TABS.map((key) => ({ key, label: t(`day.tab.${key}`) }))}
        value={tab}
        onChange={setTab}
        label={t('day.tabs')}
        idPrefix={PANELS}
      />
      <div role="tabpanel" id={tabPanelId(PANELS, tab)} aria-labelledby={`${PANELS}-tab-${tab}`}>
        {tab === 'submit' ? (
          <Card className={layout.card}>
            <p className={layout.note}>{t('day.purpose')}</p>
            <form className={layout.form} aria-label={t('day.tab.submit')} onSubmit={(e) => e.preventDefault()}>
              <Field label={t('day.amount')} name="amount" inputMode="decimal" autoComplete="off" />
              <p id="ct-day-soon" className={layout.note} role="note">
                {t('common.availableSoon')}
              </p>
              <Button type="submit" block disabled aria-describedby="ct-day-soon">
                {t('day.submit')}
              </Button>
            </form>
          </Card>
        ) : (
          <EmptyState title={t('day.empty')} hint={t('day.emptyHint')} />
        )}
      </div>
    </PageFrame>
  );
}
