/**
 * What every feature of this remote may use (imported as `#lib`, a package subpath import):
 * the host context, call errors, the user-info query, the language switch and form parts.
 * Features never import each other; anything two features need lives here.
 */
export { NAMESPACE, setHost, getHost, useHost } from './host';
export { ApiRefusal, refusalOf } from './http';
export { fieldErrors, type FieldError } from './validation';
export { useFormErrors, type FormErrorsOptions } from './form-errors';
export { formatDateTime } from './format';
export { browser, chooseLanguage } from './language';
export { userInfoApi, useGetUserInfoQuery } from './api/get-user-info';
export { useUserInfo, type UserInfoState } from './user-info';
export { PasswordField, CheckField, FormRefusal, type FormRefusalProps } from './form-parts';
