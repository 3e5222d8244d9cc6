import type { z } from 'zod';
import { DeskError, isDeskError } from '../../src-shared/errors';
import { channelAccess } from '../../src-shared/ipc/access';
import { isChannel, type Channel } from '../../src-shared/ipc/channels';
import { ipcContract, type ResponseOf } from '../../src-shared/ipc/contract';
import { fail, ok, type DeskResult } from '../../src-shared/result';
import { logger } from '../log';
import { refusalFor, type AccessCredentials } from './access';

const log = logger('ipc');

type ParsedRequestOf<C extends Channel> = z.output<(typeof ipcContract)[C]['request']>;

export type Handler<C extends Channel> = (request: ParsedRequestOf<C>) => Promise<ResponseOf<C>> | ResponseOf<C>;

/** The handler table: exactly one handler per channel, shared by Electron IPC and the preview host. */
export type HandlerTable = { [C in Channel]: Handler<C> };

export type Dispatch = (channel: unknown, payload: unknown) => Promise<DeskResult<unknown>>;

/**
 * Checks the channel's access rule (src-shared/ipc/access.ts), validates the request,
 * runs the handler, validates the response, and turns every failure into a typed
 * `DeskError` result. Nothing thrown here reaches the transport.
 */
export function createDispatcher(table: HandlerTable, who: AccessCredentials): Dispatch {
  return async (channel, payload) => {
    if (!isChannel(channel)) {
      return fail({ code: 'UNKNOWN_CHANNEL', message: 'This action does not exist.' });
    }
    // Before the payload is even read: a caller without the right learns nothing about the channel.
    const refusal = refusalFor(channelAccess[channel], who);
    if (refusal) return fail(refusal.toJSON());
    const spec = ipcContract[channel];
    const malformed = malformedText(payload);
    if (malformed !== null) {
      // A lone surrogate cannot be encoded into a URL, a QR code or a file name: refused here, once.
      return fail({ code: 'BAD_REQUEST', message: `Invalid request for ${channel}: ${malformed || '(request)'} is not valid text.` });
    }
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

/** Path of the first string (value or key) that is not well-formed Unicode, or null. */
function malformedText(value: unknown, at = ''): string | null {
  if (typeof value === 'string') return isWellFormed(value) ? null : at;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const path = at ? `${at}.${key}` : key;
    if (!isWellFormed(key)) return at || '(key)';
    const found = malformedText(item, path);
    if (found !== null) return found;
  }
  return null;
}

function isWellFormed(text: string): boolean {
  // String.prototype.isWellFormed (ES2024) without raising the whole project's lib level.
  return !/\p{Surrogate}/u.test(text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''));
}

