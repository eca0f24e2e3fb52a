/**
 * What src/app composes from this feature: the trade form (into the stock detail) and the orders
 * list (into positions).
 */
export { TradePanel, type TradePanelProps } from './components/trade-panel';
export { TradeOrders, type TradeOrdersProps } from './components/trade-orders';
