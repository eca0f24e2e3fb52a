import { ENDPOINTS, loginData, type LoginData, type LoginRequest } from 'shared/contract';
import { ApiRefusal, postForm } from '#lib';

/** POST /user/login; answers the session fields of the contract (`token`, `account`, `is_admin`). */
export async function loginUser(input: LoginRequest): Promise<LoginData> {
  const data = await postForm<unknown>(ENDPOINTS.login.path, { account: input.account, password: input.password });
  const parsed = loginData.safeParse(data);
  if (!parsed.success) throw new ApiRefusal('server_error');
  return parsed.data;
}
