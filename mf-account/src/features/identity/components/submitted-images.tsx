import { useTranslation } from 'react-i18next';
import { useGetOwnIdImageQuery } from '../api/get-own-image';
import styles from './verified.module.css';

function Thumbnail({ id, label }: { id: string; label: string }) {
  const { data } = useGetOwnIdImageQuery(id);
  return (
    <figure className={styles.thumb}>
      {data ? (
        <a href={data.data_url} target="_blank" rel="noreferrer" className={styles.thumbLink}>
          <img src={data.data_url} alt={label} className={styles.thumbImage} />
        </a>
      ) : (
        <span className={styles.thumbImage} aria-busy="true" />
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** Thumbnails of the ID sides the user submitted (their own, through /user/image); tap for full size. */
export function SubmittedImages({ front, back }: { front: string | null; back: string | null }) {
  const { t } = useTranslation('mf_account');
  if (!front && !back) return null;
  return (
    <div className={styles.thumbs}>
      {front ? <Thumbnail id={front} label={t('verified.front')} /> : null}
      {back ? <Thumbnail id={back} label={t('verified.back')} /> : null}
    </div>
  );
}
