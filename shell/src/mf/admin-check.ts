/**
 * Whether the signed-in session holds a back-office role: /user/getUserinfo's `admin_roles`, read from the server
 * (never from the `is_admin` localStorage key or the `is-admin` header, which are UI hints the server ignores).
 * The shell shows the back-office entry and mounts mf_admin only when this is true; the server still checks every
 * /admin/ call, and mf_admin reads /admin/me for what the operator may do.
 */
import type { AxiosInstance } from 'axios';

export type AdminCheck = () => Promise<boolean>;

/** Answers from one /user/getUserinfo per session token (a refusal or an outage answers false, not cached). */
export function createAdminCheck(http: AxiosInstance, token: () => string): AdminCheck {
  let cached: { token: string; answer: Promise<boolean> } | undefined;
  return () => {
    const current = token();
    if (!current) return Promise.resolve(false);
    if (cached?.token === current) return cached.answer;
    const answer = http.post('/user/getUserinfo').then(
      (response) => {
        const roles = (response.data as { data?: { admin_roles?: unknown } } | undefined)?.data?.admin_roles;
        return Array.isArray(roles) && roles.length > 0;
      },
      () => false,
    );
    const entry = { token: current, answer };
    cached = entry;
    // Only a yes is kept: a session granted a role later sees the entry without reloading the page.
    void answer.then((yes) => {
      if (!yes && cached === entry) cached = undefined;
    });
    return answer;
  };
}
