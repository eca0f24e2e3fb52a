/**
 * Who is acting, for the audit trail: the back-office roles and the IP of the request being served. The
 * API layer (routes/api-routes.ts) runs every /admin/ handler inside `withAuditContext`, so each
 * `recordAudit` written while serving it names the operator's roles and address without every service
 * having to pass them along. Outside a request (bootstrap, CLI, jobs) there is no context: roles [] and no IP.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface AuditContext {
  actorId: bigint;
  roles: readonly string[];
  ip: string;
}

const storage = new AsyncLocalStorage<AuditContext>();

export function withAuditContext<T>(context: AuditContext, fn: () => Promise<T>): Promise<T> {
  return storage.run(context, fn);
}

/** The context of the request being served, when `actorId` is its operator. */
export function auditContextFor(actorId: bigint | null): AuditContext | undefined {
  const context = storage.getStore();
  return context && actorId !== null && context.actorId === actorId ? context : undefined;
}
