/**
 * What the five remotes share beyond the design system: the host-context holder, the list states
 * (`QueryView`), `SelectField`, `DetailList`, the route error and loading views, the layout classes
 * the spec §7 list endpoints more than one remote shows, money calls with an Idempotency-Key and
 * the inline refusal with its way out, the risk disclosure dialog of any kind, and the Highcharts
 * loader and palette (highcharts.ts: dynamic imports only). Components are styled by the global `ds-`
 * classes of remote-kit.css (tokens only), imported by the modules that use them.
 *
 * Stays light: components import precise shared/ui modules (never the barrel, which holds Money and
 * decimal.js). The endpoints under api/ pull in the zod contract; shared/package.json declares only
 * CSS as side effects, so a remote that does not use them (and every register chunk) carries no zod.
 */
export { createHostHolder, type HostHolder } from './host';
export {
  QueryView,
  NextPage,
  firstPage,
  type QueryViewProps,
  type ListQuery,
  type PagedQuery,
  type NextPageProps,
} from './query-view';
export { SelectField, type SelectFieldProps } from './select-field';
export { DetailList, type DetailListProps, type DetailItem } from './detail-list';
export { RemoteRouteError, RemoteRouteLoading, type RemoteRouteErrorProps } from './route-views';
export { connectApi } from './connect-api';
export { earlyData } from './early-data';
export {
  createRegister,
  createRemoteRoutes,
  type RemoteDefinition,
  type ScreenLoader,
  type WarmPlan,
  type RouteStart,
} from './register';
export { layout } from './layout';
export { formatDateTime } from './date-time';
export { useDebounced } from './use-debounced';
export {
  formatMarketTime,
  formatMarketHours,
  marketZoneName,
  deviceTimeZone,
  MARKET_ZONES,
  type MarketCode,
  type MarketTimeOptions,
} from './market-time';
export { useIdempotencyKey, apiErrorOf } from './money-query';
export type { IdempotentArgs } from 'shared/api';
export {
  useContractForm,
  type ContractForm,
  type ContractFormOptions,
  type FormFieldError,
  type FormSchema,
  type RiskContractForm,
  type RiskGate,
} from './use-contract-form';
export {
  COMMON_WAY_OUT,
  createRefusal,
  readableValues,
  type RefusalProps,
  type RefusalOptions,
  type WayOut,
} from './refusal';
export {
  ImagePicker,
  checkImage,
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  type ImagePickerProps,
  type ImageRejection,
} from './image-picker';
export { RiskDisclosureDialog, type RiskDisclosureDialogProps } from './risk-disclosure-dialog';
export { riskParagraphs } from './risk-disclosure';
export {
  loadHighcharts,
  loadHighchartsStock,
  readChartColors,
  type ChartColors,
  type PlainChart,
  type PlainChartModule,
  type StockChartModule,
} from './highcharts';
export {
  PasskeyOfferCard,
  PASSKEY_OFFER_DISMISSED,
  offerDismissed,
  dismissOffer,
  resetPasskeyOffer,
  browserCanMakePasskeys,
  ADD_PASSKEY_STATE,
  asksToAddPasskey,
} from './passkey-offer';
