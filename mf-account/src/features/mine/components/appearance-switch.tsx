import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readTheme, SegmentedControl, THEME_CHOICES, writeTheme, type ThemeChoice } from 'shared/ui';
import styles from './appearance.module.css';

/**
 * Appearance on the mine screen (docs/decisions/0037-installable-app-and-dark-mode.md): System (the default: follows
 * the phone's light or dark setting), Light or Dark. Stored on this device as the language is (localStorage `theme`)
 * and applied at once, no reload; index.html applies it before the first paint of the next visit.
 */
export function AppearanceSwitch() {
  const { t } = useTranslation('mf_account');
  const [choice, setChoice] = useState<ThemeChoice>(readTheme);
  const choose = (value: ThemeChoice) => {
    setChoice(value);
    writeTheme(value);
  };
  return (
    <section className={styles.card} aria-labelledby="ac-appearance-title">
      <h2 id="ac-appearance-title" className={styles.title}>
        {t('appearance.title')}
      </h2>
      <SegmentedControl
        name="appearance"
        label={t('appearance.title')}
        value={choice}
        onChange={choose}
        options={THEME_CHOICES.map((value) => ({ value, label: t(`appearance.${value}`) }))}
      />
      <p className={styles.hint}>{t('appearance.hint')}</p>
    </section>
  );
}
