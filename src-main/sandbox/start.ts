import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ConnectionProfile } from '../../src-shared/profile';
import { DESK_GONE_MS } from '../../src-shared/platform/desks';
import { noFaults, type FaultSwitches } from './faults';
import { KioskSimulator } from './kiosk-simulator';
import type { SandboxTls } from './tls';
import { withPublisherFlags } from './publisher/flags';
import { applyOpaqueIds } from './publisher/opaque-ids';
import { publisherBehaviour, type PublisherBehaviour, type PublisherBehaviourInput } from './publisher/options';
import { buildSandboxPublisher } from './publisher/server';
import { readPlatformFlags } from './platform/flags';
import { buildSandboxPlatform, type SandboxPlatform } from './platform/server';
import { SANDBOX_DEVICE_ID, SANDBOX_LICENCE_UUID, SANDBOX_PLATFORM_USERS } from './world/accounts';
import { bulkTickets } from './world/bulk-tickets';
import { SANDBOX_KEPT_DAYS } from './world/history';
import { seedWorld, type SeedOptions } from './world/seed';
import type { SandboxWorld } from './world/types';

export interface RunningSandbox {
  platformUrl: string;
  publisherUrl: string;
  contractBaseUrl: string;
  accountKey: string;
  licenceUuid: string;
  profile: ConnectionProfile;
  world: SandboxWorld;
  behaviour: PublisherBehaviour;
  platform: SandboxPlatform;
  faults: { platform: FaultSwitches; publisher: FaultSwitches };
  /** Whether the platform serves this project's desk extensions; tests may flip it at any time. */
  deskExtensions: { offered: boolean };
  /** How long a desk that stopped announcing stays present on the platform; tests may change it at any time. */
  deskPresence: { goneMs: number };
  /** Staff sign-in accounts of the training publisher. */
  trainingAccounts: { login: string; password: string; role: string }[];
  /** Platform administration accounts (e-mail login). */
  platformAccounts: { login: string; password: string; role: string }[];
  kiosk: KioskSimulator;
  close(): Promise<void>;
}

export interface SandboxStartOptions extends SeedOptions {
  platformPort?: number;
  publisherPort?: number;
  publisher?: PublisherBehaviourInput;
  /** Publisher flags as both CLIs take them (`--field-variations`, `--echo-status`; publisher/flags.ts), applied over `publisher`. */
  publisherFlags?: readonly string[];
  /**
   * The publisher calls the platform's ticket services like a pushing medical system (default true);
   * false, or the flag `--no-publisher-pushes`, is a publisher that never does (`behaviour.pushes`, flippable).
   */
  publisherPushes?: boolean;
  /** Platform flags as both CLIs take them (`--no-desk-extensions`; platform/flags.ts). */
  platformFlags?: readonly string[];
  /** Serve this project's desk extensions (default true); the flag `--no-desk-extensions` turns them off too. */
  deskExtensions?: boolean;
  /** A desk silent this long is gone and its called patients wait again (default DESK_GONE_MS; tests shorten it). */
  deskGoneMs?: number;
  /** Clock of both servers (tests pin it); default: the real clock. */
  clock?: () => Date;
  /** Pace of simulated kiosk arrivals in ms; 0 or absent = off (tests ask for it). */
  kioskIntervalMs?: number;
  /** Extra already-called tickets at the first office place, for load tests (world/bulk-tickets.ts). */
  extraTickets?: number;
  /** Extra tickets waiting to be called at the first office place (several desks' work). */
  waitingTickets?: number;
  /**
   * Both servers over HTTPS with this certificate (for `localhost` and 127.0.0.1), at
   * `https://localhost:port`, as a hospital's are; absent: plain http on 127.0.0.1 as always.
   */
  https?: SandboxTls;
}

async function listen(app: FastifyInstance, port: number, https: boolean): Promise<string> {
  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address() as AddressInfo;
  // A certificate names a host: `localhost`, which a proxy's CONNECT line carries as well.
  return https ? `https://localhost:${address.port}` : `http://127.0.0.1:${address.port}`;
}

/**
 * Starts the training platform and publisher on 127.0.0.1 (port 0 by default) with
 * a seeded day, and returns their URLs and the Training connection profile.
 */
export async function startSandbox(options: SandboxStartOptions = {}): Promise<RunningSandbox> {
  const clock = options.clock ?? (() => new Date());
  const publisherInput = withPublisherFlags(
    options.publisherPushes === false ? { ...options.publisher, pushes: false } : options.publisher,
    options.publisherFlags,
  );
  const world = seedWorld({ seed: options.seed, now: options.now ?? clock(), patients: options.patients, keptDays: SANDBOX_KEPT_DAYS });
  if (options.extraTickets) {
    const firstPlace = world.publisher.officePlaces[0]!.platformId;
    world.platform.tickets.push(...bulkTickets(world.platform.tickets, options.extraTickets, firstPlace, options.now ?? clock()));
  }
  if (options.waitingTickets) {
    const firstPlace = world.publisher.officePlaces[0]!.platformId;
    world.platform.tickets.push(...bulkTickets(world.platform.tickets, options.waitingTickets, firstPlace, options.now ?? clock(), true));
  }
  // Ids are varied once, in both servers' data, so that an id stays the same across answers and requests.
  if ((publisherInput.fieldVariations?.mode ?? 'off') !== 'off') applyOpaqueIds(world);
  const faults = { platform: noFaults(), publisher: noFaults() };
  const deskExtensions = { offered: (options.deskExtensions ?? true) && readPlatformFlags(options.platformFlags ?? []).deskExtensions };
  let platformUrl = '';
  const deskPresence = { goneMs: options.deskGoneMs ?? DESK_GONE_MS };
  const platform = await buildSandboxPlatform({ world: world.platform, faults: faults.platform, now: clock, publicUrl: () => platformUrl, deskExtensions, deskPresence, https: options.https });
  platformUrl = await listen(platform.app, options.platformPort ?? 0, options.https !== undefined);

  const licence = world.platform.licences.find((candidate) => candidate.uuid === SANDBOX_LICENCE_UUID)!;
  const behaviour = publisherBehaviour({
    platform: { url: platformUrl, licenceUuid: licence.uuid, accountKey: licence.accountKey, timeoutMs: 8_000 },
    ...publisherInput,
  });
  const publisher = buildSandboxPublisher({ world: world.publisher, behaviour, faults: faults.publisher, now: clock, https: options.https });
  const publisherUrl = await listen(publisher, options.publisherPort ?? 0, options.https !== undefined);
  const contractBaseUrl = `${publisherUrl}${behaviour.basePath}`;
  for (const integration of world.platform.publisherIntegrations) integration.contractBaseUrl ??= contractBaseUrl;

  const office = world.publisher.offices[0]!;
  const place = world.publisher.officePlaces.find((candidate) => candidate.officeId === office.officeId)!;
  const profile: ConnectionProfile = {
    id: 'training',
    name: 'Training',
    training: true,
    platformUrl,
    licenceUuid: licence.uuid,
    officeIdHeader: `${office.officeId}!#!${office.officeVisibleId}`,
    contractMode: 'direct',
    contractBaseUrl,
    publisherPublicKeyPem: null,
    deviceId: SANDBOX_DEVICE_ID,
    officePlaceId: place.platformId,
    deskId: 1,
    deskLabel: 'Accueil 1',
  };
  const kiosk = new KioskSimulator({
    world: world.publisher,
    contractBaseUrl,
    platformUrl,
    licenceUuid: licence.uuid,
    accountKey: licence.accountKey,
    deviceId: world.publisher.devices[0]!,
    intervalMs: options.kioskIntervalMs ?? 0,
  });
  kiosk.start();
  return {
    platformUrl,
    publisherUrl,
    contractBaseUrl,
    accountKey: licence.accountKey,
    licenceUuid: licence.uuid,
    profile,
    world,
    behaviour,
    platform,
    faults,
    deskExtensions,
    deskPresence,
    trainingAccounts: world.publisher.staff.map(({ login, password, role }) => ({ login, password, role })),
    platformAccounts: SANDBOX_PLATFORM_USERS.flatMap((user) =>
      user.password ? [{ login: user.email, password: user.password, role: user.role }] : [],
    ),
    kiosk,
    async close() {
      await kiosk.stop();
      await Promise.all([platform.app.close(), publisher.close()]);
    },
  };
}
