import type { z } from 'zod';
import { DeskError, isDeskError } from '../../src-shared/errors';
import { isChannel, type Channel } from '../../src-shared/ipc/channels';
import { ipcContract, type ResponseOf } from '../../src-shared/ipc/contract';
import { fail, ok, type DeskResult } from '../../src-shared/result';
import { logger } from '../log';

const log = logger('ipc');

type ParsedRequestOf<C extends Channel> = z.output<(typeof ipcContract)[C]['request']>;

export type Handler<C extends Channel> = (request: ParsedRequestOf<C>) => Promise<ResponseOf<C>> | ResponseOf<C>;

/** The handler table: exactly one handler per channel, shared by Electron IPC and the preview host. */
export type HandlerTable = { [C in Channel]: Handler<C> };

export type Dispatch = (channel: unknown, payload: unknown) => Promise<DeskResult<unknown>>;

/**
 * Validates the request, runs the handler, validates the response, and turns every
 * failure into a typed `DeskError` result. Nothing thrown here reaches the transport.
 */
export function createDispatcher(table: HandlerTable): Dispatch {
  return async (channel, payload) => {
    if (!isChannel(channel)) {
      return fail({ code: 'UNKNOWN_CHANNEL', message: 'This action does not exist.' });
    }
    const spec = ipcContract[channel];
    const parsed = spec.request.safeParse(payload);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(request)');
      return fail({ code: 'BAD_REQUEST', message: `Invalid request for ${channel}: ${[...new Set(fields)].join(', ')}.` });
    }
    try {
      const handler = table[channel] as (request: unknown) => unknown;
      const value = await handler(parsed.data);
      const checked = spec.response.safeParse(value);
      if (!checked.success) {
        log.error('handler answered outside the contract', { channel });
        return fail({ code: 'INTERNAL', message: 'The desk answered in an unexpected form.' });
      }
      return ok(checked.data);
    } catch (error) {
      if (isDeskError(error)) return fail(error.toJSON());
      log.error('handler failed', { channel, error: error instanceof Error ? error.name : typeof error });
      return fail(new DeskError('INTERNAL', 'An unexpected error occurred in the desk.').toJSON());
    }
  };
}
