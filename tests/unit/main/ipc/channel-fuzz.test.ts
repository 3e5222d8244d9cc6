import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startDesk, type RunningDesk } from '../../../../src-main/desk';
import { TRAINING_TECHNICIAN_PIN } from '../../../../src-main/technician/mode';
import { DESK_ERROR_CODES } from '../../../../src-shared/errors';
import { CHANNELS, type Channel } from '../../../../src-shared/ipc/channels';
import { ipcContract } from '../../../../src-shared/ipc/contract';
import { TestKeystore } from '../../../helpers/test-keystore';

/**
 * Channels left out, each because a generated payload would make the desk reach an
 * address the payload names (tests only ever talk to 127.0.0.1).
 */
const REACHES_PAYLOAD_ADDRESSES = new Set<Channel>([
  'printing/saveSettings', // a network printer target at any host and port
  'admin/savePublisherIntegration', // probes the integration's contract URL
  'admin/saveTestServerIntegration',
  'profiles/save', // a profile is only stored, but its URLs are the next start's
]);

/** Text as a hostile or clumsy renderer could send it: lone surrogates, prototype names, long strings. */
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  { arbitrary: fc.constantFrom('\uD800', 'a\uDC00b', '__proto__', 'valueOf', 'constructor', '', ' ', 'A5042~RDV24147', '../../etc/passwd'), weight: 3 },
  fc.string({ minLength: 200, maxLength: 2000 }),
);
const scalar = fc.oneof({ arbitrary: text, weight: 5 }, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined));
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), fc.dictionary(text, scalar, { maxKeys: 3 }));

/** Payloads for one channel: anything at all, and objects with the channel's own field names. */
function payloads(channel: Channel) {
  const request = ipcContract[channel].request;
  const fields = request instanceof z.ZodObject ? Object.keys(request.shape) : [];
  const shaped = fields.length ? fc.record(Object.fromEntries(fields.map((field) => [field, value])), { requiredKeys: [] }) : fc.constant(undefined);
  return fc.oneof(fc.anything(), shaped, value);
}

/** Every string value of a payload, deep: none may come back in a message (it could be patient data; field names may). */
function strings(payload: unknown): string[] {
  if (typeof payload === 'string') return [payload];
  if (typeof payload !== 'object' || payload === null) return [];
  return Object.values(payload).flatMap(strings);
}

/** The field names a channel's request schema declares, deep: messages name fields, and a value may equal one. */
function schemaFields(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, inner]) => [key, ...schemaFields(inner)]);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return schemaFields(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodArray) return schemaFields(schema.element as z.ZodType);
  return [];
}

/**
 * The payload with each string value blanked to spaces of the same length (U+2007, which trim() removes), keys kept:
 * what a message still says then is the desk's own wording (the channel's name, a field's), not an echo.
 */
function blanked(payload: unknown): unknown {
  if (typeof payload === 'string') return '\u2007'.repeat(payload.length);
  if (Array.isArray(payload)) return payload.map(blanked);
  if (typeof payload !== 'object' || payload === null) return payload;
  return Object.fromEntries(Object.entries(payload).map(([key, item]) => [key, blanked(item)]));
}

/** Every field name of a payload, deep: a value that is also a field name may appear as that name. */
function keys(payload: unknown): Set<string> {
  if (typeof payload !== 'object' || payload === null) return new Set();
  return new Set(Object.entries(payload).flatMap(([key, item]) => [key, ...keys(item)]));
}

let desk: RunningDesk;
beforeAll(async () => {
  desk = await startDesk({
    runtime: 'web',
    dataDir: mkdtempSync(path.join(tmpdir(), 'desk-fuzz-')),
    keystore: new TestKeystore(),
    sandbox: { kioskIntervalMs: 0 },
  });
});
afterAll(async () => {
  await desk.close();
});

describe('every channel answers generated payloads with a typed result', () => {
  const channels = CHANNELS.filter((channel) => !REACHES_PAYLOAD_ADDRESSES.has(channel));

  it.each(channels)('%s', async (channel) => {
    // Signed in and in technician mode, so staff and technician channels reach their handlers rather than stop at their access rule.
    await desk.dispatch('staff/signIn', { login: 'accueil', password: 'formation' });
    await desk.dispatch('technician/open', { with: 'pin', pin: TRAINING_TECHNICIAN_PIN });
    await fc.assert(
      fc.asyncProperty(payloads(channel), async (payload) => {
        const result = await desk.dispatch(channel, payload);
        if (result.ok) return;
        expect(DESK_ERROR_CODES).toContain(result.error.code);
        expect(result.error.code).not.toBe('INTERNAL');
        const names = new Set([...keys(payload), ...schemaFields(ipcContract[channel].request)]);
        const suspects = strings(payload).filter(
          (candidate) => candidate.trim().length >= 4 && !names.has(candidate) && result.error.message.includes(candidate),
        );
        if (!suspects.length) return;
        // A word such as "call" may be the desk's own ("Invalid request for board/call"): ask again without the values.
        const again = await desk.dispatch(channel, blanked(payload) as never);
        const own = again.ok ? '' : again.error.message;
        expect(suspects.filter((candidate) => !own.includes(candidate))).toEqual([]);
      }),
      { numRuns: 40 },
    );
    expect(await desk.dispatch('app/info', undefined)).toMatchObject({ ok: true });
  });
});
