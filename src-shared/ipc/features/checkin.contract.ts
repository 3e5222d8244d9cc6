import type { z } from 'zod';
import type { ChannelSpec } from '../spec';
import type { CHECKIN_CHANNELS, CHECKIN_EVENTS } from './checkin.names';

export const checkinContract = {} as const satisfies Record<(typeof CHECKIN_CHANNELS)[number], ChannelSpec>;
export const checkinEvents = {} as const satisfies Record<(typeof CHECKIN_EVENTS)[number], z.ZodType>;
