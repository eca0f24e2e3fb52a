import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageFrame, Tabs, tabPanelId } from 'shared/ui';
import { layout } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import { VARIANT_KINDS } from '../model/variants';
import { ApplicationDetail } from './application-detail';
import { ApplicationList } from './application-list';
import { ListingList, useListingsSimulated } from './listing-list';

type VariantKind = (typeof VARIANT_KINDS)[number];

/** The link to the variants' application list, in the header of the listing screens. */
function ApplicationsLink() {
  const { t } = useRemoteTranslation();
  return (
    <Link className="ds-button ds-button--ghost" to="/home/large4">
      {t('variant.applications.short')}
    </Link>
  );
}

/** Tabs of the two variants (dividend, financing) over a panel per variant. */
function VariantTabs({ id, label, panel }: { id: string; label: string; panel: (kind: VariantKind) => ReactNode }) {
  const { t } = useRemoteTranslation();
  const [kind, setKind] = useState<VariantKind>('dividend');
  return (
    <>
      <Tabs
        items={VARIANT_KINDS.map((key) => ({ key, label: t(`block.kind.${key}`) }))}
        value={kind}
        onChange={setKind}
        label={label}
        idPrefix={id}
      />
      {/* One panel per kind (keyed): a list never shows the other kind's rows while its own load. */}
      <div key={kind} role="tabpanel" id={tabPanelId(id, kind)} aria-labelledby={`${id}-tab-${kind}`}>
        {panel(kind)}
      </div>
    </>
  );
}

/** /home/largeQc: the dividend and financing listings side by side, as tabs. */
export function BlockVariantsScreen() {
  const { t } = useRemoteTranslation();
  const dividend = useListingsSimulated('dividend');
  const financing = useListingsSimulated('financing');
  return (
    <PageFrame title={t('variant.overview.title')} actions={<ApplicationsLink />} simulated={dividend || financing}>
      <p className={layout.purpose}>{t('variant.overview.purpose')}</p>
      <VariantTabs id="ipo-block-variants" label={t('variant.overview.tabs')} panel={(k) => <ListingList kind={k} />} />
    </PageFrame>
  );
}

/** One variant's listings: its purpose, then its listings in every market. */
function VariantListingsScreen({ kind }: { kind: VariantKind }) {
  const { t } = useRemoteTranslation();
  const simulated = useListingsSimulated(kind);
  return (
    <PageFrame title={t(`variant.${kind}.title`)} actions={<ApplicationsLink />} simulated={simulated}>
      <p className={layout.purpose}>{t(`variant.${kind}.purpose`)}</p>
      <ListingList kind={kind} />
    </PageFrame>
  );
}

/** /home/large2: dividend block trades. */
export const BlockDividendScreen = () => <VariantListingsScreen kind="dividend" />;
/** /home/large3: financing block trades. */
export const BlockFinancingScreen = () => <VariantListingsScreen kind="financing" />;

/**
 * /home/large4: the dividend and financing applications with their review state, as tabs; with `?id=` one
 * application (of any kind) in detail.
 */
export function BlockApplicationsScreen() {
  const { t } = useRemoteTranslation();
  const [params] = useSearchParams();
  const raw = params.get('id')?.trim();
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  if (id !== undefined) {
    return (
      <PageFrame title={t('blockApp.title')}>
        <ApplicationDetail id={id} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('variant.applications.title')}>
      <p className={layout.purpose}>{t('variant.applications.purpose')}</p>
      <VariantTabs
        id="ipo-block-applications"
        label={t('variant.applications.tabs')}
        panel={(k) => <ApplicationList kind={k} />}
      />
    </PageFrame>
  );
}
