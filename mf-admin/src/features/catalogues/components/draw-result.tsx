import { DetailList } from 'shared/remote-kit';
import { screenStyles, useRemoteTranslation } from '#lib';
import { useGetCatalogueQuery } from '../api/catalogue-api';
import type { Row } from '../model/catalogue-types';
import styles from './catalogues.module.css';

const SUMMARY = ['applications', 'units_offered', 'units_applied', 'units_allotted', 'winners'] as const;
const VERIFICATION = ['seed_hash', 'seed', 'algorithm', 'drawn_at'] as const;

/**
 * What a draw did, as the server answers it (counts of the lottery), and its verification as published to users
 * (/ipo/info: the commitment published at window open, the seed revealed after the draw, the algorithm): anyone
 * can recompute the result from them (ADR 0016). Nothing here is typed by an operator.
 */
export function DrawResult({ summary, row }: { summary: unknown; row: Row }) {
  const { t } = useRemoteTranslation();
  const data = (summary ?? {}) as Record<string, unknown>;
  const info = useGetCatalogueQuery({ name: 'newShareInfo', body: { id: String(row.id) } });
  const verification = ((info.data as { verification?: Record<string, unknown> } | undefined)?.verification ??
    {}) as Record<string, unknown>;
  const text = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));
  return (
    <section className={styles.result} aria-label={t('catalogue.draw.title')}>
      <h3 className={screenStyles.paneTitle}>{t('catalogue.draw.title')}</h3>
      <p>{t(data.drawn_now === false ? 'catalogue.draw.already' : 'catalogue.draw.now')}</p>
      <DetailList
        className={screenStyles.details}
        items={[
          ...SUMMARY.map((key) => ({ id: key, label: t(`catalogue.draw.${key}`), value: text(data[key]) })),
          ...VERIFICATION.map((key) => ({
            id: key,
            label: t(`catalogue.draw.${key}`),
            value: (
              <code className={styles.code}>
                {text(verification[key] ?? (key === 'seed_hash' ? row.seed_hash : null))}
              </code>
            ),
          })),
        ]}
      />
    </section>
  );
}
