import type { FastifyRequest } from 'fastify';
import { errors } from './errors';
import { headerValue } from './headers';
import type { PublisherBehaviour } from './options';
import type { PublisherState } from './state';

/** `K` = account key only; `KD` = account key and device id (contract, Authentication §4). */
export type AuthLevel = 'K' | 'KD';

const MAX_DEVICE_ID_LENGTH = 128;

/**
 * The contract's validation order, as an onRequest hook so that it runs before
 * any body is read (an unauthenticated 20 MB upload is refused, not parsed):
 * OPTIONS never reaches it (the preflight route has no guard), then the device,
 * then the key.
 *
 * Tolerant policy: an unknown device becomes known only by presenting the valid
 * key, and only then is it registered. An unknown device with a wrong key is
 * still an unknown device, so it gets UNKNOWN_DEVICE (the device check comes
 * first) and is never registered.
 */
export function authGuard(level: AuthLevel, state: PublisherState, policy: PublisherBehaviour['devicePolicy']) {
  return async (request: FastifyRequest): Promise<void> => {
    const key = headerValue(request, 'x-kiosk-auth-key');
    if (level === 'KD') {
      const deviceId = headerValue(request, 'x-kiosk-device-id');
      if (deviceId === null || deviceId.length > MAX_DEVICE_ID_LENGTH) throw errors.unknownDevice();
      if (!state.isKnownDevice(deviceId)) {
        if (policy === 'strict' || !state.keyMatches(key)) throw errors.unknownDevice();
        state.registerDevice(deviceId);
        return;
      }
    }
    if (!state.keyMatches(key)) throw errors.invalidAuthKey();
  };
}
