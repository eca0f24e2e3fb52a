import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { useRemoteTranslation } from '#lib';

type ChannelLang = 'zh-CN' | 'en' | 'ja';

/** The session's i18n language as /funds/channels takes it (zh-CN by default, spec §1). */
export function channelLang(language: string | undefined): ChannelLang {
  if (language?.startsWith('en')) return 'en';
  if (language?.startsWith('ja')) return 'ja';
  return 'zh-CN';
}

/**
 * POST /funds/channels: the receiving accounts (in the reader's language), the deposit maximum and
 * hours (site config).
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDepositChannels: contractQuery(build, ENDPOINTS.depositChannels, {
      toBody: (lang: ChannelLang) => ({ lang }),
      providesTags: ['Config'],
    }),
  }),
});

/** The deposit channels in the session language; a language change fetches them again. */
export function useGetDepositChannelsQuery() {
  const { i18n } = useRemoteTranslation();
  return api.useGetDepositChannelsQuery(channelLang(i18n.resolvedLanguage ?? i18n.language));
}
