import { Skeleton } from 'shared/ui';
import { screenStyles, useRemoteTranslation } from '#lib';
import { useGetAdminImageQuery } from '../api/get-admin-image';
import styles from './queues.module.css';

/** One uploaded image of a row (deposit proof, ID front or back), fetched with the session through /admin/image. */
function ReviewImage({ id, label }: { id: string; label: string }) {
  const { t } = useRemoteTranslation();
  const { data, isLoading, isError } = useGetAdminImageQuery({ id });
  return (
    <figure className={styles.figure}>
      {isLoading ? <Skeleton width="100%" height="160px" /> : null}
      {isError ? <p className={screenStyles.muted}>{t('detail.imageFailed')}</p> : null}
      {data ? <img className={styles.image} src={data.data_url} alt={label} /> : null}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** The images a row names (upload ids in `fields`), side by side. */
export function ReviewImages({ row, fields }: { row: Record<string, unknown>; fields: readonly string[] }) {
  const { t } = useRemoteTranslation();
  const present = fields.filter((key) => typeof row[key] === 'string' && row[key] !== '');
  if (present.length === 0) return <p className={screenStyles.muted}>{t('detail.noImage')}</p>;
  return (
    <div className={styles.images}>
      {present.map((key) => (
        <ReviewImage key={key} id={String(row[key])} label={t(`field.${key}`)} />
      ))}
    </div>
  );
}
