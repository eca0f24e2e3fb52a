import { ENDPOINTS, type RegisterRequest } from 'shared/contract';
import { postForm } from '#lib';

/** POST /user/register with the fields of the contract (`agree` is "1" once ticked). */
export function registerUser(input: RegisterRequest): Promise<unknown> {
  return postForm<unknown>(ENDPOINTS.register.path, {
    account: input.account,
    email: input.email,
    password: input.password,
    password2: input.password2,
    invite_code: input.invite_code ?? '',
    agree: input.agree,
  });
}
