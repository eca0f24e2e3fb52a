import { Link } from 'react-router';
import { PriceChange } from 'shared/ui';
import type { Quote } from 'shared/contract';
import type { MarketLive } from '#lib/live';
import styles from './quotes-screen.module.css';

/** One line of a quote list: name and code, live price, change %; opens the stock detail. */
export function QuoteRow({ quote, live }: { quote: Quote; live: MarketLive }) {
  return (
    <li>
      <Link className={styles.row} to={`/quotes/info?code=${encodeURIComponent(quote.code)}&market=${quote.market}`}>
        <span className={styles.nameCell}>
          <span className={styles.name}>{quote.name}</span>
          <span className={styles.code}>{quote.code}</span>
        </span>
        <live.Price value={quote.price} className={styles.num} />
        <PriceChange value={quote.change_ratio} percent className={styles.change} />
      </Link>
    </li>
  );
}
