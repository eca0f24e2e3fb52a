/**
 * The one risk-disclosure service (modules/risk-disclosure) behind every disclosure pair: /trade/riskDisclosure
 * and /trade/riskAck take a `kind`; /ipo/riskDisclosure|riskAck (new_share) and /copy/riskDisclosure|riskAck
 * (copy_trade) are aliases with their kind fixed (docs/decisions/0020-one-risk-disclosure.md).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RiskKind } from 'shared/contract';
import { toI18nLang } from '../../modules/wire/lang';
import { requireUser } from '../../plugins/auth';

export function riskDisclosureCalls(app: FastifyInstance) {
  return {
    async disclosure(kind: RiskKind, input: { lang?: string }, request: FastifyRequest) {
      return { data: await app.riskDisclosure.disclosure(requireUser(request).userId, kind, toI18nLang(input.lang)) };
    },
    async acknowledge(kind: RiskKind, input: { version: number }, request: FastifyRequest) {
      return app.riskDisclosure.acknowledge(requireUser(request).userId, kind, input.version);
    },
  };
}
