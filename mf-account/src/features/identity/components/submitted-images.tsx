import { useTranslation } from 'react-i18next';
import { useGetOwnIdImageQuery } from '../api/get-own-image';
import styles from './verified.module.css';

function Thumbnail({ id, label, uploaded }: { id: string; label: string; uploaded: boolean }) {
  const { t } = useTranslation('msg');
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
      <figcaption>
        {label}
        {uploaded ? (
          <span className={styles.uploaded} role="status">
            {t('upload_success')}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}

/**
 * Thumbnails of the ID sides the user submitted (their own, through /user/image); tap for full size. A side
 * the submission of this visit stored (its id in `uploaded`) says upload_success under its label.
 */
export function SubmittedImages({
  front,
  back,
  uploaded = [],
}: {
  front: string | null;
  back: string | null;
  uploaded?: readonly string[];
}) {
  const { t } = useTranslation('mf_account');
  if (!front && !back) return null;
  return (
    <div className={styles.thumbs}>
      {front ? <Thumbnail id={front} label={t('verified.front')} uploaded={uploaded.includes(front)} /> : null}
      {back ? <Thumbnail id={back} label={t('verified.back')} uploaded={uploaded.includes(back)} /> : null}
    </div>
  );
}
