import type { FastifyInstance } from 'fastify';
import type { PublisherWorld } from '../world/types';

/**
 * Requests a sandbox publisher received, keyed by its world (what a running sandbox
 * exposes): benchmarks count the round trips an action costs the medical system.
 */
const received = new WeakMap<PublisherWorld, number>();

export function countRequests(app: FastifyInstance, world: PublisherWorld): void {
  received.set(world, 0);
  app.addHook('onRequest', async () => {
    received.set(world, (received.get(world) ?? 0) + 1);
  });
}

export function publisherRequestCount(world: PublisherWorld): number {
  return received.get(world) ?? 0;
}
