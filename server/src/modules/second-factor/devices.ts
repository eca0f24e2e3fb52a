/**
 * Signed-in devices (docs/decisions/0027-second-factors-and-devices.md). A device is the random `device-id`
 * header a client keeps in its storage (16–64 base64url characters) together with the User-Agent, else the pair
 * User-Agent + IP. Its sha256 is stored with each session and in known_devices; a login from a device the user
 * never used raises the `new_device_login` inbox message (not for the first device of an account).
 *
 * The id alone is not trusted (issue 33): it sits in the browser's storage, so a script that read it could replay
 * it from the attacker's browser to look known. Bound to the User-Agent, a replayed id from another browser is a
 * new device and raises the message; the IP is left out of the id's identity so a phone moving between networks
 * stays one device.
 */
import { createHash } from 'node:crypto';
import type { Database, Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import { notify } from '../inbox/inbox-service';
import {
  deleteOtherSessions,
  deleteUserSession,
  listLiveSessions,
  recordSessionDevice,
  rememberDevice,
  type SessionDevice,
} from '../sessions/devices-repository';
import { MAX_SESSIONS_PER_USER } from '../sessions/sessions-repository';

/** What a login request tells about its device. */
export interface ClientInfo {
  ip: string;
  userAgent?: string;
  deviceId?: string;
}

const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

export function sessionDevice(client: ClientInfo): SessionDevice {
  const userAgent = (client.userAgent ?? '').slice(0, 512);
  const identity =
    client.deviceId && DEVICE_ID.test(client.deviceId)
      ? `id:${client.deviceId}|ua:${userAgent}`
      : `ua:${userAgent}|${client.ip}`;
  return { userAgent, ip: client.ip, deviceHash: createHash('sha256').update(identity).digest('hex') };
}

/** A short label from a User-Agent ("Chrome on Android"); empty when nothing is recognised. */
export function deviceLabel(userAgent: string): string {
  const browser =
    [
      ['Edge', /Edg\//],
      ['Opera', /OPR\//],
      ['Firefox', /Firefox\//],
      ['Chrome', /Chrome\/|CriOS\//],
      ['Safari', /Safari\//],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? '';
  const system =
    [
      ['iOS', /iPhone|iPad|iPod/],
      ['Android', /Android/],
      ['Windows', /Windows/],
      ['macOS', /Mac OS X|Macintosh/],
      ['Linux', /Linux/],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? '';
  if (browser && system) return `${browser} on ${system}`;
  return (browser || system || userAgent.slice(0, 40)) as string;
}

/**
 * Stores the new session's device, remembers it, and tells the user about a device never seen before (answers
 * true when it did: the caller's plain sign-in notice is then not needed).
 */
export async function recordLoginDevice(
  tx: Tx,
  session: { userId: bigint; tokenHash: string },
  device: SessionDevice,
): Promise<boolean> {
  const { userId } = session;
  await recordSessionDevice(tx, session.tokenHash, device);
  if ((await rememberDevice(tx, userId, device.deviceHash)) !== 'new') return false;
  await notify(tx, userId, {
    key: 'new_device_login',
    values: { device: deviceLabel(device.userAgent) || '-', ip: device.ip || '-' },
  });
  return true;
}

export function createDeviceService(deps: { db: Database; idleSeconds: number; absoluteSeconds: number }) {
  const { db, idleSeconds, absoluteSeconds } = deps;
  const policy = {
    idle_minutes: Math.round(idleSeconds / 60),
    absolute_hours: Math.round(absoluteSeconds / 3600),
    max_sessions: MAX_SESSIONS_PER_USER,
  };
  return {
    async list(userId: bigint, tokenHash: string) {
      const rows = await db.tx((tx) => listLiveSessions(tx, userId, tokenHash, idleSeconds));
      return {
        list: rows.map((row) => ({
          id: row.id,
          device: deviceLabel(row.userAgent),
          ip: row.ip,
          created_at: row.createdAt.toISOString(),
          last_seen_at: row.lastSeenAt.toISOString(),
          current: row.current,
        })),
        policy,
      };
    },

    /** Ends one session at once: its token answers 401 from the next request on. */
    async signOut(userId: bigint, sessionId: number): Promise<void> {
      if (!(await db.tx((tx) => deleteUserSession(tx, userId, sessionId)))) throw new BusinessError('device_not_found');
    },

    /**
     * Ends every session but the caller's own in one step (issue 34 point 6): protective, so the session alone
     * suffices (no step-up); the inbox says how many ended, in the same transaction.
     */
    async signOutOthers(userId: bigint, tokenHash: string): Promise<{ count: number }> {
      return db.tx(async (tx) => {
        const count = await deleteOtherSessions(tx, userId, tokenHash);
        if (count > 0) await notify(tx, userId, { key: 'sessions_signed_out', values: { count: String(count) } });
        return { count };
      });
    },
  };
}

export type DeviceService = ReturnType<typeof createDeviceService>;
