import type { z } from 'zod';
import type { ChannelSpec } from '../spec';
import type { ADMIN_CHANNELS, ADMIN_EVENTS } from './admin.names';

export const adminContract = {} as const satisfies Record<(typeof ADMIN_CHANNELS)[number], ChannelSpec>;
export const adminEvents = {} as const satisfies Record<(typeof ADMIN_EVENTS)[number], z.ZodType>;
