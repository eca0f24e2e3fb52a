/**
 * Area /common/: site configuration, readable without a session.
 */
import { z } from 'zod';
import { plainString } from '../common';

/** Site config entry (spec §3): name, value. Names include kefu (customer service), logo, title. */
export const configEntry = z.object({ name: z.string(), value: z.string() });
export const configRequest = z.object({ type: plainString().optional() });
export const configList = z.array(configEntry);
export type ConfigEntry = z.infer<typeof configEntry>;

export const COMMON_ENDPOINTS = {
  config: {
    path: '/common/config',
    auth: false,
    request: configRequest,
    data: configList,
    summary: 'Site config entries (name, value)',
  },
} as const;
