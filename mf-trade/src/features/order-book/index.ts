/** What src/app composes from this feature: the order book, into the stock detail above the trade form. */
export { OrderBook, type OrderBookProps } from './components/order-book';
