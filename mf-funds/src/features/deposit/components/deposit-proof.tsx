import { useState } from 'react';
import { useRemoteTranslation } from '#lib';
import { useGetOwnImageQuery } from '../api/get-image';
import styles from './deposit.module.css';

/**
 * A deposit's transfer proof, shown to its owner on request: the button loads the image from
 * /user/image (the session goes in headers, so no plain <img src> to the server) and shows it at
 * full card width; tapping the image opens it full size in a new tab.
 */
export function DepositProof({ proofId, orderNo }: { proofId: string; orderNo: string }) {
  const { t } = useRemoteTranslation();
  const [open, setOpen] = useState(false);
  const image = useGetOwnImageQuery(proofId, { skip: !open });
  const alt = t('deposit.records.proofAlt', { order: orderNo });
  return (
    <div className={styles.proof}>
      <button
        type="button"
        className={styles.copyButton}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? t('deposit.records.close') : t('deposit.records.proof')}
      </button>
      {open && image.data ? (
        <a href={image.data.data_url} target="_blank" rel="noreferrer" className={styles.proofLink}>
          <img src={image.data.data_url} alt={alt} className={styles.proofImage} />
        </a>
      ) : null}
    </div>
  );
}
