import { useTranslation } from 'react-i18next';
import { PageFrame } from 'shared/ui';
import { useHost } from '#lib';
import styles from './legal.module.css';

type Document = 'about' | 'privacy' | 'protocol';

/** Section ids in reading order; their text is `<document>.sections.<id>.heading|body` in the locale files. */
const SECTIONS: Record<Document, readonly string[]> = {
  about: ['what', 'data', 'money', 'contact'],
  privacy: ['collect', 'why', 'device', 'access', 'keep', 'rights'],
  protocol: ['scope', 'service', 'risk', 'money', 'conduct', 'changes'],
};

function LegalDocument({ document }: { document: Document }) {
  const { t } = useTranslation('mf_account');
  const config = useHost().getConfig();
  const name = config.title || t('start.productName');
  return (
    <PageFrame title={t(`${document}.title`)}>
      <article className={styles.body}>
        {SECTIONS[document].map((id) => (
          <section key={id} className={styles.section} aria-labelledby={`ac-${document}-${id}`}>
            <h2 id={`ac-${document}-${id}`} className={styles.heading}>
              {t(`${document}.sections.${id}.heading`)}
            </h2>
            {t(`${document}.sections.${id}.body`, { name })
              .split('\n\n')
              .map((paragraph, index) => (
                <p key={index} className={styles.paragraph}>
                  {paragraph}
                </p>
              ))}
          </section>
        ))}
      </article>
    </PageFrame>
  );
}

/** /mine/about: what the app is; market data is simulated until a licensed feed is connected. */
export function AboutScreen() {
  return <LegalDocument document="about" />;
}

/** /mine/privacy: what data is kept, why, where and for how long. */
export function PrivacyScreen() {
  return <LegalDocument document="privacy" />;
}

/** /mine/protocol: the user agreement with the risk disclosure (leverage, short selling, new shares, copy trading). */
export function ProtocolScreen() {
  return <LegalDocument document="protocol" />;
}
