import type { z } from 'zod';
import { csvExportRequestSchema, csvExportSchema, dayFiguresRequestSchema, dayFiguresSchema, liveFiguresSchema } from '../../statistics/figures';
import { waitEstimatesSchema } from '../../statistics/wait-estimate';
import { none, type ChannelSpec } from '../spec';
import type { STATISTICS_CHANNELS, STATISTICS_EVENTS } from './statistics.names';

export const statisticsContract = {
  'statistics/day': { request: dayFiguresRequestSchema, response: dayFiguresSchema },
  /** The board header's three figures, today at the desk's office place. */
  'statistics/live': { request: none, response: liveFiguresSchema },
  /** How long a patient arriving now will wait, per exam type: the board header and the public display. */
  'statistics/waitEstimate': { request: none, response: waitEstimatesSchema },
  'statistics/exportCsv': { request: csvExportRequestSchema, response: csvExportSchema },
} as const satisfies Record<(typeof STATISTICS_CHANNELS)[number], ChannelSpec>;
export const statisticsEvents = {} as const satisfies Record<(typeof STATISTICS_EVENTS)[number], z.ZodType>;
