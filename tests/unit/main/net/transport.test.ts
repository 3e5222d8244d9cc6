import { afterEach, describe, expect, it } from 'vitest';
import { NetworkFailure, send, type WireRequest } from '../../../../src-main/net/transport';
import { nodeWireFactory, useWireFactory, type WireInit } from '../../../../src-main/net/wire';

const request: WireRequest = { method: 'GET', url: 'http://127.0.0.1:9/appointments/1', headers: {}, body: undefined, timeoutMs: 50 };

/** A wire that keeps the signal each exchange was given, answering or hanging as told. */
function recordingWire(answer: 'at once' | 'never'): AbortSignal[] {
  const signals: AbortSignal[] = [];
  useWireFactory(() => (_url: string, init: WireInit) => {
    const { signal } = init;
    signals.push(signal);
    if (answer === 'at once') return Promise.resolve(new Response('{}', { status: 200 }));
    return new Promise<Response>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
  });
  return signals;
}

afterEach(() => useWireFactory(nodeWireFactory));

describe('one exchange on the wire', () => {
  it('lets go of its time limit once answered: nothing fires for an exchange long over', async () => {
    const signals = recordingWire('at once');
    const answer = await send(request);
    expect(answer.status).toBe(200);
    // Past the limit several times over: AbortSignal.timeout fired here, a DOMException for every answered request.
    await new Promise((resolve) => setTimeout(resolve, request.timeoutMs * 4));
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(false);
  });

  it('still cuts an exchange that outlasts its limit, as timed out', async () => {
    const signals = recordingWire('never');
    const failure = await send(request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NetworkFailure);
    expect((failure as NetworkFailure).timedOut).toBe(true);
    expect(signals[0]!.aborted).toBe(true);
  });
});
