import type { z } from 'zod';
import { DeskError, isDeskError } from '../../src-shared/errors';
import { channelAccess } from '../../src-shared/ipc/access';
import { isChannel, type Channel } from '../../src-shared/ipc/channels';
import { ipcContract, type ResponseOf } from '../../src-shared/ipc/contract';
import { fail, ok, type DeskResult } from '../../src-shared/result';
import { logger } from '../log';
import { grantedAnswer, refusalFor, requireOffices, type AccessCredentials } from './access';
import { inputProblem, type InputProblem } from './bounds';

const log = logger('ipc');

type ParsedRequestOf<C extends Channel> = z.output<(typeof ipcContract)[C]['request']>;

export type Handler<C extends Channel> = (request: ParsedRequestOf<C>) => Promise<ResponseOf<C>> | ResponseOf<C>;

/** The handler table: exactly one handler per channel, shared by Electron IPC and the preview host. */
export type HandlerTable = { [C in Channel]: Handler<C> };

export type Dispatch = (channel: unknown, payload: unknown) => Promise<DeskResult<unknown>>;

/**
 * Checks the channel's access and lock rules (src-shared/ipc/access.ts), bounds and
 * validates the request, applies the office rule, runs the handler, validates the response, and turns every failure into a typed
 * `DeskError` result. Nothing thrown here reaches the transport.
 */
export function createDispatcher(table: HandlerTable, who: AccessCredentials): Dispatch {
  const dispatch = async (channel: unknown, payload: unknown): Promise<DeskResult<unknown>> => {
    if (!isChannel(channel)) {
      return fail({ code: 'UNKNOWN_CHANNEL', message: 'This action does not exist.' });
    }
    // Before the payload is even read: a caller without the right (or at a locked desk) learns nothing about the channel.
    const access = channelAccess[channel];
    const refusal = refusalFor(access, who);
    if (refusal) return fail(refusal.toJSON());
    const spec = ipcContract[channel];
    // Bounded before anything walks it: the validator and the handlers only ever see a request of a sane size.
    const problem = inputProblem(payload);
    if (problem) return fail({ code: 'BAD_REQUEST', message: `Invalid request for ${channel}: ${problemWords(problem)}.` });
    const parsed = spec.request.safeParse(payload);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(request)');
      return fail({ code: 'BAD_REQUEST', message: `Invalid request for ${channel}: ${[...new Set(fields)].join(', ')}.` });
    }
    await requireOffices(access, parsed.data, who.offices);
    const handler = table[channel] as (request: unknown) => unknown;
    const value = await grantedAnswer(access, await handler(parsed.data), who.offices);
    const checked = spec.response.safeParse(value);
    if (!checked.success) {
      log.error('handler answered outside the contract', { channel });
      return fail({ code: 'INTERNAL', message: 'The desk answered in an unexpected form.' });
    }
    return ok(checked.data);
  };
  // Whatever it is given (a getter that throws, a cycle, a proxy), the transport gets a typed result, never a throw.
  return async (channel, payload) => {
    try {
      return await dispatch(channel, payload);
    } catch (error) {
      if (isDeskError(error)) return fail(error.toJSON());
      log.error('handler failed', { channel: isChannel(channel) ? channel : 'unknown', error: error instanceof Error ? error.name : typeof error });
      return fail(new DeskError('INTERNAL', 'An unexpected error occurred in the desk.').toJSON());
    }
  };
}

function problemWords(problem: InputProblem): string {
  switch (problem.kind) {
    case 'tooDeep':
      return 'the request is nested too deeply';
    case 'tooLarge':
      return 'the request is too large';
    case 'unreadable':
      return 'the request cannot be read';
    case 'malformedText':
      return `${problem.path || '(request)'} is not valid text`;
  }
}
