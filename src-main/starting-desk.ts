import { isDeskError } from '../src-shared/errors';
import { fail } from '../src-shared/result';
import type { EventSink } from './events/bus';
import type { Dispatch } from './ipc/dispatch';

/** What a transport (the preview host, Electron's IPC) needs of a desk. */
export interface DeskPorts {
  dispatch: Dispatch;
  events: { subscribe(sink: EventSink): () => void };
}

/**
 * A desk as its transports see it while it is still starting (the training world seeding, the
 * features opening their files): the window or page opens at once, and a call made meanwhile (the
 * first screen's questions, a sign-in typed quickly) waits for the desk and gets its answer, never a
 * refusal; its events reach subscribers from the moment it runs.
 */
export function deskWhenStarted(starting: Promise<DeskPorts>): DeskPorts {
  const sinks = new Set<EventSink>();
  starting.then(
    (desk) => desk.events.subscribe((event, payload) => {
      for (const sink of sinks) sink(event, payload);
    }),
    () => undefined,
  );
  return {
    async dispatch(channel, payload) {
      let desk: DeskPorts;
      try {
        desk = await starting;
      } catch (failure) {
        // The desk's own reason when it has one (its data folder in use, no keychain), in staff's words;
        // anything else is said as a desk that did not start, never as an unexpected error of this call.
        if (isDeskError(failure)) return fail({ code: failure.code, message: failure.message });
        return fail({ code: 'DESK_NOT_STARTED', message: 'The desk application could not start; the reason is in its log.' });
      }
      return desk.dispatch(channel, payload);
    },
    events: {
      subscribe(sink) {
        sinks.add(sink);
        return () => sinks.delete(sink);
      },
    },
  };
}
