import { DetailList, formatDateTime } from 'shared/remote-kit';
import { screenStyles, useRemoteTranslation } from '#lib';
import { useGetCatalogueQuery } from '../api/catalogue-api';
import type { Row } from '../model/catalogue-types';
import styles from './catalogues.module.css';

const SUMMARY = ['applications', 'units_offered', 'units_applied', 'units_allotted', 'winners'] as const;
/** The chain that fixed the result, in the order it was published (ADR 0016, equal-lot-lottery/2). */
const CHAIN = ['seed_hash', 'list_root', 'seed', 'final_seed', 'algorithm'] as const;
const INSTANTS = ['list_sealed_at', 'drawn_at'] as const;

type Fields = Record<string, unknown>;

/**
 * What a draw did, as the server answers it (counts of the lottery), and the chain that fixed it: the commitment
 * published at window open, the list's Merkle root sealed at the close, the seed revealed at the draw and the final
 * seed SHA-256("<seed>:<root>") the tickets used. Each value comes from the back office's draw answer, else from
 * what /ipo/info publishes to investors (a drawn issue opened later, whose draw a second administrator approved):
 * anyone can recompute the result from them (ADR 0016). Nothing here is typed by an operator.
 */
export function DrawResult({ summary, row }: { summary: unknown; row: Row }) {
  const { t } = useRemoteTranslation();
  const data = (summary ?? {}) as Fields;
  const info = useGetCatalogueQuery({ name: 'newShareInfo', body: { id: String(row.id) } });
  const verification = ((info.data as { verification?: Fields } | undefined)?.verification ?? {}) as Fields;
  const blank = (value: unknown) => value === null || value === undefined || value === '';
  const valueOf = (key: string) => {
    for (const value of [data[key], verification[key], key === 'seed_hash' ? row.seed_hash : undefined])
      if (!blank(value)) return value;
    return undefined;
  };
  const text = (value: unknown) => (blank(value) ? '—' : String(value));
  return (
    <section className={styles.result} aria-label={t('catalogue.draw.title')}>
      <h3 className={screenStyles.paneTitle}>{t('catalogue.draw.title')}</h3>
      {summary ? <p>{t(data.drawn_now === false ? 'catalogue.draw.already' : 'catalogue.draw.now')}</p> : null}
      <DetailList
        className={screenStyles.details}
        items={[
          ...SUMMARY.map((key) => ({ id: key, label: t(`catalogue.draw.${key}`), value: text(valueOf(key)) })),
          ...CHAIN.map((key) => ({
            id: key,
            label: t(`catalogue.draw.${key}`),
            value: <code className={styles.code}>{text(valueOf(key))}</code>,
          })),
          ...INSTANTS.map((key) => {
            const value = valueOf(key);
            return {
              id: key,
              label: t(`catalogue.draw.${key}`),
              value: <span className="ds-num">{blank(value) ? '—' : formatDateTime(String(value))}</span>,
            };
          }),
        ]}
      />
    </section>
  );
}
