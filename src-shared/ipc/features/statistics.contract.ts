import type { z } from 'zod';
import { csvExportRequestSchema, csvExportSchema, dayFiguresRequestSchema, dayFiguresSchema } from '../../statistics/figures';
import type { ChannelSpec } from '../spec';
import type { STATISTICS_CHANNELS, STATISTICS_EVENTS } from './statistics.names';

export const statisticsContract = {
  'statistics/day': { request: dayFiguresRequestSchema, response: dayFiguresSchema },
  'statistics/exportCsv': { request: csvExportRequestSchema, response: csvExportSchema },
} as const satisfies Record<(typeof STATISTICS_CHANNELS)[number], ChannelSpec>;
export const statisticsEvents = {} as const satisfies Record<(typeof STATISTICS_EVENTS)[number], z.ZodType>;
