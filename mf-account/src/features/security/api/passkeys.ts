/** The user's passkeys: list, register (options, then the browser's credential), delete (ADR 0027); in `#lib`. */
export {
  useGetPasskeysQuery,
  usePasskeyRegisterOptionsMutation,
  usePasskeyRegisterMutation,
  usePasskeyDeleteMutation,
  usePasskeyConfirmMutation,
} from '#lib';
