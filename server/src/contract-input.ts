/**
 * The parsed request body of an endpoint of the shared ENDPOINTS table, as its handler and the
 * service behind it receive it (zod output: defaults applied, strings trimmed, numbers coerced).
 */
import type { z } from 'zod';
import type { ENDPOINTS, EndpointName } from 'shared/contract';

export type InputOf<N extends EndpointName> = z.output<(typeof ENDPOINTS)[N]['request']>;
