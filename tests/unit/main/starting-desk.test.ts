import { describe, expect, it } from 'vitest';
import { DeskError } from '../../../src-shared/errors';
import type { EventName } from '../../../src-shared/ipc/channels';
import type { DeskResult } from '../../../src-shared/result';
import { DeskEvents } from '../../../src-main/events/bus';
import { deskWhenStarted, type DeskPorts } from '../../../src-main/starting-desk';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const SESSION = { login: 'accueil', displayName: 'Accueil', role: 'reception' };

describe('a desk still starting, as the page sees it', () => {
  it('keeps a sign-in typed before the training world is ready waiting, then answers it from the desk: never a refusal', async () => {
    const starting = deferred<DeskPorts>();
    const desk = deskWhenStarted(starting.promise);
    let answer: DeskResult<unknown> | null = null;
    const signingIn = desk.dispatch('staff/signIn', { login: 'accueil', password: 'accueil' }).then((result) => (answer = result));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answer).toBeNull();

    const asked: { channel: unknown; payload: unknown }[] = [];
    starting.resolve({
      dispatch: async (channel, payload) => {
        asked.push({ channel, payload });
        return { ok: true, value: SESSION };
      },
      events: new DeskEvents(),
    });
    await signingIn;
    expect(answer).toEqual({ ok: true, value: SESSION });
    expect(asked).toEqual([{ channel: 'staff/signIn', payload: { login: 'accueil', password: 'accueil' } }]);
  });

  it('passes on the events of the desk once it runs to whoever listened before it started', async () => {
    const starting = deferred<DeskPorts>();
    const desk = deskWhenStarted(starting.promise);
    const heard: { event: EventName; payload: unknown }[] = [];
    desk.events.subscribe((event, payload) => heard.push({ event, payload }));
    const events = new DeskEvents();
    starting.resolve({ dispatch: async () => ({ ok: true, value: null }), events });
    await starting.promise;
    events.relay('staff/sessionChanged', SESSION);
    expect(heard).toEqual([{ event: 'staff/sessionChanged', payload: SESSION }]);
  });

  it('says the desk did not start, without the reason inside, when it cannot start: never an unexpected error', async () => {
    const starting = deferred<DeskPorts>();
    const desk = deskWhenStarted(starting.promise);
    starting.reject(new Error('EADDRINUSE secret detail'));
    const result = await desk.dispatch('app/info', undefined);
    expect(result).toEqual({ ok: false, error: { code: 'DESK_NOT_STARTED', message: 'The desk application could not start; the reason is in its log.' } });
  });

  it("passes on the desk's own reason when it has one (its data folder in use), for staff's words", async () => {
    const starting = deferred<DeskPorts>();
    const desk = deskWhenStarted(starting.promise);
    starting.reject(new DeskError('DATA_FOLDER_IN_USE', 'Another Desk Console is already running on this data folder.', { cause: new Error('/home/x') }));
    const result = await desk.dispatch('staff/signIn', { login: 'accueil', password: 'formation' });
    expect(result).toEqual({ ok: false, error: { code: 'DATA_FOLDER_IN_USE', message: 'Another Desk Console is already running on this data folder.' } });
  });
});
