import type { FastifyInstance } from 'fastify';

/**
 * Fault switches for tests and technicians: slow answers, server errors, dropped
 * connections, or a server that is down. They act before any route runs, so a
 * faulty answer never changes the sandbox's state.
 */
export interface FaultSwitches {
  /** Added before every answer, in milliseconds. */
  latencyMs: number;
  /** Share of requests answered 503 (0–1). */
  errorRate: number;
  /** Share of requests whose connection is dropped without an answer (0–1). */
  dropRate: number;
  /** Every connection is dropped: the server looks unreachable. */
  down: boolean;
  /** The next N requests are answered 503, then normal service resumes (exact retry tests). */
  failNext: number;
  /** The next N requests have their connection dropped. */
  dropNext: number;
}

export function noFaults(): FaultSwitches {
  return { latencyMs: 0, errorRate: 0, dropRate: 0, down: false, failNext: 0, dropNext: 0 };
}

export function installFaults(app: FastifyInstance, faults: FaultSwitches, random: () => number = Math.random): void {
  app.addHook('onRequest', async (request, reply) => {
    if (faults.down || faults.dropNext > 0 || (faults.dropRate > 0 && random() < faults.dropRate)) {
      if (faults.dropNext > 0) faults.dropNext -= 1;
      request.raw.socket.destroy();
      return reply.hijack();
    }
    if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
    if (faults.failNext > 0 || (faults.errorRate > 0 && random() < faults.errorRate)) {
      if (faults.failNext > 0) faults.failNext -= 1;
      return reply
        .code(503)
        .type('application/json')
        .send({ error: { code: 'INTERNAL_ERROR', message: 'Service temporarily unavailable (sandbox fault).', details: null } });
    }
    return undefined;
  });
}
