import { overTls, type SandboxTls } from '../tls';
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { installFaults, type FaultSwitches } from '../faults';
import type { PlatformWorld } from '../world/types';
import { registerAdminService, type AdminService } from './admin';
import { registerRelay } from './relay';
import { registerTicketServices, type TicketService } from './tickets';
import type { DeskPresenceTuning } from './tickets/desks';

export interface SandboxPlatformOptions {
  /** Serve over HTTPS with this certificate (default: plain http on loopback). */
  https?: SandboxTls;
  world: PlatformWorld;
  faults: FaultSwitches;
  now: () => Date;
  publicUrl: () => string;
  relayTimeoutMs?: number;
  /** This project's desk extensions served or not (a switch read on every request). */
  deskExtensions?: { offered: boolean };
  /** How long a silent desk stays present (a live switch). */
  deskPresence?: DeskPresenceTuning;
}

export interface SandboxPlatform {
  app: FastifyInstance;
  admin: AdminService;
  tickets: TicketService;
}

/** The training platform: administration service, ticket services + desk extensions, contract relay. */
export async function buildSandboxPlatform(options: SandboxPlatformOptions): Promise<SandboxPlatform> {
  // The relay must pass encrypted uploads through unchanged: size the body limit for them.
  // Closing the training platform drops every connection at once, streams and kept-alive sockets
  // included: a desk's keep-alive socket that goes idle after close began would otherwise hold it 72 s.
  const app = Fastify(overTls({ logger: false, bodyLimit: 32 * 1024 * 1024, forceCloseConnections: true }, options.https));
  installFaults(app, options.faults);
  const admin = await registerAdminService(app, {
    world: options.world,
    now: options.now,
    jwtSecret: randomBytes(32),
    publicUrl: options.publicUrl,
  });
  const tickets = registerTicketServices(app, { world: options.world, now: options.now, deskExtensions: options.deskExtensions, deskPresence: options.deskPresence });
  registerRelay(app, { world: options.world, timeoutMs: options.relayTimeoutMs ?? 60_000 });
  app.addHook('onClose', async () => tickets.close());
  return { app, admin, tickets };
}
