import type { z } from 'zod';
import type { ChannelSpec } from '../spec';
import type { BOARD_CHANNELS, BOARD_EVENTS } from './board.names';

export const boardContract = {} as const satisfies Record<(typeof BOARD_CHANNELS)[number], ChannelSpec>;
export const boardEvents = {} as const satisfies Record<(typeof BOARD_EVENTS)[number], z.ZodType>;
