import { useTranslation } from 'react-i18next';

/** This remote's i18n namespace: its federation name (CONTRIBUTING "Rules"). */
export const NAMESPACE = 'mf_admin';

/** `t` bound to this remote's namespace. */
export function useRemoteTranslation() {
  return useTranslation(NAMESPACE);
}
