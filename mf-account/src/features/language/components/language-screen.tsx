import { useTranslation } from 'react-i18next';
import { LANGUAGE_TAGS, LANGUAGES } from 'shared/mf';
import { PageFrame } from 'shared/ui';
import { chooseLanguage, useHost } from '#lib';
import styles from './language.module.css';

/** /mine/language and /mine/changeLang: cn, us, jp by their native names; choosing stores and reloads. */
export function LanguageScreen() {
  const { t } = useTranslation('mf_account');
  const current = useHost().getSession().language;
  return (
    <PageFrame title={t('language.title')}>
      <div className={styles.body}>
        <fieldset className={styles.group}>
          <legend className={styles.hint}>{t('language.hint')}</legend>
          {LANGUAGES.map((language) => (
            <label key={language} className={styles.option}>
              <input
                type="radio"
                name="language"
                value={language}
                className={styles.radio}
                checked={language === current}
                onChange={() => chooseLanguage(language)}
              />
              <span lang={LANGUAGE_TAGS[language]} className={styles.name}>
                {t(`language.names.${language}`)}
              </span>
              {language === current ? <span className={styles.current}>{t('language.current')}</span> : null}
            </label>
          ))}
        </fieldset>
      </div>
    </PageFrame>
  );
}
