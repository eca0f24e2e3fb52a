/**
 * Handlers of the price alerts and watchlist groups under /stock/ (shared/src/contract/areas/alerts.ts). Rules live
 * in modules/alerts and modules/watch-groups (plugins/alerts-services.ts); a handler only reads the session user.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toI18nLang } from '../../modules/wire/lang';
import { requireUser } from '../../plugins/auth';
import type { HandlerGroup } from '../api-handlers';

export type AlertsName =
  | 'alertCreate'
  | 'alertList'
  | 'alertDelete'
  | 'watchGroups'
  | 'watchGroupCreate'
  | 'watchGroupRename'
  | 'watchGroupDelete'
  | 'watchMove'
  | 'watchReorder';

const userOf = (request: FastifyRequest) => requireUser(request).userId;

export function createAlertsHandlers(app: FastifyInstance): HandlerGroup<AlertsName> {
  const alerts = () => app.alerts.service;
  const groups = () => app.alerts.groups;
  return {
    async alertCreate(input, request) {
      return { msg: 'alert_created', data: await alerts().create(userOf(request), input) };
    },
    async alertList(input, request) {
      const lang = toI18nLang(input.lang);
      return { data: await alerts().list(userOf(request), { market: input.market, code: input.code, lang }) };
    },
    async alertDelete(input, request) {
      await alerts().remove(userOf(request), input.id);
      return { msg: 'alert_deleted', data: {} };
    },
    async watchGroups(_input, request) {
      return { data: await groups().list(userOf(request)) };
    },
    async watchGroupCreate(input, request) {
      return { msg: 'watch_group_created', data: await groups().create(userOf(request), input.name) };
    },
    async watchGroupRename(input, request) {
      await groups().rename(userOf(request), input.id, input.name);
      return { msg: 'watch_group_renamed', data: {} };
    },
    async watchGroupDelete(input, request) {
      await groups().remove(userOf(request), input.id);
      return { msg: 'watch_group_deleted', data: {} };
    },
    async watchMove(input, request) {
      await groups().move(userOf(request), { market: input.market, code: input.code }, input.group_id);
      return { msg: 'watch_moved', data: {} };
    },
    async watchReorder(input, request) {
      await groups().reorder(userOf(request), { market: input.market, code: input.code }, input.direction);
      return { msg: 'watch_reordered', data: {} };
    },
  };
}
