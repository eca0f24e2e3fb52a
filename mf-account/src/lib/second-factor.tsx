import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, type FieldProps } from 'shared/ui';
import { CheckField } from './form-parts';
import { QrCode } from './qr-code';
import styles from './second-factor.module.css';

/** A base32 secret in groups of four, so it can be read aloud or typed without losing one's place. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

export interface CodeFieldProps extends Omit<FieldProps, 'label' | 'inputMode' | 'maxLength'> {
  /** True when the field takes a recovery code (XXXX-XXXX-XXXX) instead of the authenticator's six digits. */
  recovery: boolean;
  onToggle: () => void;
}

/** The second-factor code: six digits from the authenticator, or (after the toggle) a recovery code. */
export function CodeField({ recovery, onToggle, ...props }: CodeFieldProps) {
  const { t } = useTranslation('mf_account');
  return (
    <>
      <Field
        {...props}
        label={recovery ? t('twoStep.recoveryCode') : t('twoStep.code')}
        placeholder={recovery ? 'XXXX-XXXX-XXXX' : '123456'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoCapitalize={recovery ? 'characters' : 'off'}
        maxLength={recovery ? 14 : 6}
      />
      <button type="button" className={styles.toggle} onClick={onToggle}>
        {recovery ? t('twoStep.useApp') : t('twoStep.useRecovery')}
      </button>
    </>
  );
}

/**
 * The authenticator's set-up values: a QR code of the otpauth:// link (scanned from another device), the link itself
 * (opens an authenticator on this phone) and the secret (typed by hand).
 */
export function TotpSecret({ uri, secret }: { uri: string; secret: string }) {
  const { t } = useTranslation('mf_account');
  return (
    <div className={styles.secretBox}>
      <p className={styles.hint}>{t('twoStep.enrolHint')}</p>
      <QrCode className={styles.qr} text={uri} label={t('twoStep.qrLabel')} />
      <a className={styles.link} href={uri}>
        {t('twoStep.openApp')}
      </a>
      <p className={styles.label}>{t('twoStep.secret')}</p>
      <code className={styles.secret} aria-label={t('twoStep.secret')}>
        {groupSecret(secret)}
      </code>
    </div>
  );
}

/** Recovery codes, shown once: the user confirms they kept them before going on. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation('mf_account');
  const [saved, setSaved] = useState(false);
  return (
    <section className={styles.codesBox} aria-labelledby="mf-account-recovery-title">
      <h2 id="mf-account-recovery-title" className={styles.title}>
        {t('twoStep.codesTitle')}
      </h2>
      <p className={styles.hint}>{t('twoStep.codesHint')}</p>
      <ul className={styles.codes} aria-label={t('twoStep.codesTitle')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <CheckField checked={saved} onChange={setSaved} name="saved">
        {t('twoStep.codesSaved')}
      </CheckField>
      <Button onClick={onDone} disabled={!saved} block>
        {t('twoStep.continue')}
      </Button>
    </section>
  );
}
