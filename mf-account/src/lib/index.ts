/**
 * What every feature of this remote may use (imported as `#lib`, a package subpath import):
 * the host context, the HTTP helper, the user-info call, the language switch and form parts.
 * Features never import each other; anything two features need lives here.
 */
export { setHost, getHost, useHost } from './host';
export { ApiRefusal, postForm } from './http';
export { fieldErrors, type FieldError } from './validation';
export { browser, chooseLanguage } from './language';
export { fetchUserInfo, useUserInfo, type UserInfoState } from './user-info';
export { SoonNote, PasswordField, CheckField, SelectField, ImagePicker } from './form-parts';
export const NAMESPACE = 'mf_account';
