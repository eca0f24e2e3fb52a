/**
 * The risk disclosure of any kind (docs/decisions/0020-one-risk-disclosure.md): POST /trade/riskDisclosure
 * and /trade/riskAck with the `kind` (leverage, new_share, copy_trade, day_trade), for RiskDisclosureDialog.
 */
import { baseApi, contractMutation, contractQuery } from 'shared/api';
import { ENDPOINTS, type RiskKind } from 'shared/contract';
import type { Language } from '../mf';

/** The disclosure's paragraphs: its line breaks, or else its numbered points ("1. … 2. …"), one per paragraph. */
export function riskParagraphs(text: string): string[] {
  const lines = text
    .split(/\n+/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length > 1) return lines;
  return text
    .split(/\s+(?=\d{1,2}\.\s)/)
    .map((l) => l.trim())
    .filter(Boolean);
}

const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getKindRiskDisclosure: contractQuery(build, ENDPOINTS.riskDisclosure, {
      toBody: ({ kind, lang }: { kind: RiskKind; lang: Language | undefined }) => ({ kind, lang }),
      providesTags: ['User'],
    }),
    acknowledgeKindRisk: contractMutation(build, ENDPOINTS.riskAck, { invalidatesTags: ['User', 'Config'] }),
  }),
});

export const { useGetKindRiskDisclosureQuery, useAcknowledgeKindRiskMutation } = api;
