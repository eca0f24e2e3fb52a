import { Link } from 'react-router';
import { EmptyState, PageFrame } from 'shared/ui';
import { layout } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import type { BlockVariant } from '../model/variants';

/** One block-trade variant: its purpose, then its offers (or, for the application list, applications). */
function BlockVariantScreen({ variant }: { variant: BlockVariant }) {
  const { t } = useRemoteTranslation();
  const isApplications = variant === 'applications';
  return (
    <PageFrame
      title={t(`variant.${variant}.title`)}
      actions={
        isApplications ? null : (
          <Link className="ds-button ds-button--ghost" to="/home/large4">
            {t('variant.applications.short')}
          </Link>
        )
      }
    >
      <p className={layout.purpose}>{t(`variant.${variant}.purpose`)}</p>
      <EmptyState
        title={t(isApplications ? 'block.empty.applications' : 'variant.emptyOffers')}
        hint={t(isApplications ? 'block.empty.applicationsHint' : 'block.empty.stocksHint')}
        action={isApplications ? { label: t('variant.browse'), to: '/home/large' } : undefined}
      />
    </PageFrame>
  );
}

/** /home/largeQc: quant block trade. */
export const BlockQuantScreen = () => <BlockVariantScreen variant="quant" />;
/** /home/large2: dividend block trade. */
export const BlockDividendScreen = () => <BlockVariantScreen variant="dividend" />;
/** /home/large3: financing (placement) block trade. */
export const BlockFinancingScreen = () => <BlockVariantScreen variant="financing" />;
/** /home/large4: the dividend / financing application list. */
export const BlockApplicationsScreen = () => <BlockVariantScreen variant="applications" />;
