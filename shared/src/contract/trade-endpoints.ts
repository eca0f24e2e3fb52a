/**
 * Endpoints of the issue "Markets and trading" (orders and positions part). Merged into ENDPOINTS
 * (endpoints.ts). Every call needs a session. The holdings calls of spec §7 (/trade/userstocklist,
 * /trade/userstocklists) stay in endpoints.ts and are fed by the same positions and live prices.
 */
import {
  ordersAnswer,
  ordersRequest,
  placeOrderRequest,
  positionIdRequest,
  riskAckAnswer,
  riskAckRequest,
  riskDisclosure,
  riskDisclosureRequest,
  tradeConfig,
  tradeConfigRequest,
  tradePosition,
} from './trade';

export const TRADE_ENDPOINTS = {
  placeOrder: {
    path: '/trade/order',
    auth: true,
    request: placeOrderRequest,
    data: tradePosition,
    idempotent: true,
    summary: 'Place a limit or market order, long or short, with leverage (margin frozen, fee on fill)',
  },
  orders: {
    path: '/trade/orders',
    auth: true,
    request: ordersRequest,
    data: ordersAnswer,
    summary: 'The user’s orders of one market (pending, cancelled, filled), newest first',
  },
  cancelOrder: {
    path: '/trade/cancel',
    auth: true,
    request: positionIdRequest,
    data: tradePosition,
    summary: 'Cancel a pending limit order (releases its hold)',
  },
  closePosition: {
    path: '/trade/close',
    auth: true,
    request: positionIdRequest,
    data: tradePosition,
    summary: 'Close a holding position at market (preparing to close; filled by the matcher)',
  },
  position: {
    path: '/trade/position',
    auth: true,
    request: positionIdRequest,
    data: tradePosition,
    summary: 'One order or position with every field of spec §3 Position',
  },
  tradeConfig: {
    path: '/trade/config',
    auth: true,
    request: tradeConfigRequest,
    data: tradeConfig,
    summary: 'Leverage multiples, fee rate, maintenance ratio, T+1, available balance, risk disclosure state',
  },
  riskDisclosure: {
    path: '/trade/riskDisclosure',
    auth: true,
    request: riskDisclosureRequest,
    data: riskDisclosure,
    summary: 'The current risk disclosure in the requested language, and whether it was acknowledged',
  },
  riskAck: {
    path: '/trade/riskAck',
    auth: true,
    request: riskAckRequest,
    data: riskAckAnswer,
    summary: 'Acknowledge the current risk disclosure version (stored with its time)',
  },
} as const;
