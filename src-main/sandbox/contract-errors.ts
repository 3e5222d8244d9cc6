import type { FastifyReply } from 'fastify';

/** The contract's only error body: `{error: {code, message, details}}`, never patient data. */
export function sendContractError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  details: Record<string, unknown> | null = null,
): FastifyReply {
  return reply.code(status).type('application/json').send({ error: { code, message, details } });
}
