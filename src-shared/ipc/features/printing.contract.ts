import type { z } from 'zod';
import type { ChannelSpec } from '../spec';
import type { PRINTING_CHANNELS, PRINTING_EVENTS } from './printing.names';

export const printingContract = {} as const satisfies Record<(typeof PRINTING_CHANNELS)[number], ChannelSpec>;
export const printingEvents = {} as const satisfies Record<(typeof PRINTING_EVENTS)[number], z.ZodType>;
