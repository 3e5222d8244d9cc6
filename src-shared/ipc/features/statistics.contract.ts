import type { z } from 'zod';
import { csvExportRequestSchema, csvExportSchema, dayFiguresRequestSchema, dayFiguresSchema, liveFiguresSchema } from '../../statistics/figures';
import { none, type ChannelSpec } from '../spec';
import type { STATISTICS_CHANNELS, STATISTICS_EVENTS } from './statistics.names';

export const statisticsContract = {
  'statistics/day': { request: dayFiguresRequestSchema, response: dayFiguresSchema },
  /** The board header's three figures, today at the desk's office place. */
  'statistics/live': { request: none, response: liveFiguresSchema },
  'statistics/exportCsv': { request: csvExportRequestSchema, response: csvExportSchema },
} as const satisfies Record<(typeof STATISTICS_CHANNELS)[number], ChannelSpec>;
export const statisticsEvents = {} as const satisfies Record<(typeof STATISTICS_EVENTS)[number], z.ZodType>;
