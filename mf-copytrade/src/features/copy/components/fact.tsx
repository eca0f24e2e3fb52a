import type { ReactNode } from 'react';
import styles from './products.module.css';

/** One label over its value in a product's facts grid (two columns fit at 360 px); `wide` spans both. */
export function Fact({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? `${styles.fact} ${styles.wide}` : styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
