/**
 * What every feature of this remote may use (imported as `#lib`, a package subpath import):
 * the host context, the user-info query, the language switch and form parts.
 * Features never import each other; anything two features need lives here.
 */
export { NAMESPACE, setHost, getHost, useHost } from './host';
export { formatDateTime } from './format';
export { browser, chooseLanguage } from './language';
export { userInfoApi, useGetUserInfoQuery } from './api/get-user-info';
export { useUserInfo, type UserInfoState } from './user-info';
export { PasswordField, CheckField, FormRefusal, type FormRefusalProps } from './form-parts';
export { CodeField, TotpSecret, RecoveryCodes, groupSecret, type CodeFieldProps } from './second-factor';
export { useStepUp, StepUpDialog, type StepUpAction } from './step-up';
export {
  passkeysApi,
  usePasskeyAdd,
  useGetPasskeysQuery,
  usePasskeyRegisterOptionsMutation,
  usePasskeyRegisterMutation,
  usePasskeyDeleteMutation,
  usePasskeyConfirmMutation,
  type PasskeyAdd,
} from './passkeys';
export { PASSKEY_OFFER_DISMISSED, offerDismissed, dismissOffer, resetPasskeyOffer } from './passkey-offer';
