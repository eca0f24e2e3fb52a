import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
// shared/i18n, not shared/mf: shared/mf builds its zod schemas when evaluated, and would put zod
// (~90 KB) into this screen's chunk, the first screen of a cold start (ADR 0013).
import { LANGUAGE_TAGS } from 'shared/i18n';
import type { Language } from 'shared/mf';
import { PageFrame } from 'shared/ui';
import { chooseLanguage, useHost } from '#lib';
import styles from './auth.module.css';

const LANGUAGES = Object.keys(LANGUAGE_TAGS) as Language[];

/** The logo from site config: the image base address prefixed to `logo` (spec §1). */
function logoUrl(config: Record<string, string>): string | undefined {
  const logo = config.logo;
  if (!logo) return undefined;
  if (/^(https?:)?\/\//.test(logo) || logo.startsWith('data:')) return logo;
  const base = config.img_base ?? '';
  return base ? `${base.replace(/\/+$/, '')}/${logo.replace(/^\/+/, '')}` : logo;
}

/** /login/start: the welcome screen with logo, product name, log in / register and the language switch. */
export function StartScreen() {
  const { t } = useTranslation('mf_account');
  const host = useHost();
  const config = host.getConfig();
  const current = host.getSession().language;
  const name = config.title || t('start.productName');
  const url = logoUrl(config);
  // the copy the page came with (its start-up screen showed it), so this larger logo needs no request of its own
  const logo = url ? (host.imageSource?.(url) ?? url) : undefined;
  return (
    <PageFrame title={t('start.title')} back={false}>
      <div className={styles.body}>
        <div className={styles.hero}>
          {logo ? (
            <img className={styles.logo} src={logo} alt={t('start.logoAlt', { name })} width={88} height={88} />
          ) : null}
          <p className={styles.product}>{name}</p>
          <p className={styles.tagline}>{t('start.tagline')}</p>
        </div>
        <div className={styles.actions}>
          <Link className="ds-button ds-button--primary ds-button--block" to="/login/login">
            {t('start.login')}
          </Link>
          <Link className="ds-button ds-button--secondary ds-button--block" to="/login/register">
            {t('start.register')}
          </Link>
        </div>
        <fieldset className={styles.languages}>
          <legend className={styles.languagesLegend}>{t('start.language')}</legend>
          <div className={styles.languageRow}>
            {LANGUAGES.map((language: Language) => (
              <button
                key={language}
                type="button"
                className={styles.language}
                aria-pressed={language === current}
                lang={LANGUAGE_TAGS[language]}
                onClick={() => language !== current && chooseLanguage(language)}
              >
                {t(`language.names.${language}`)}
              </button>
            ))}
          </div>
        </fieldset>
        <p className={styles.risk}>{t('start.riskNote')}</p>
      </div>
    </PageFrame>
  );
}
