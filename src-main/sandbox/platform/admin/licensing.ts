import { randomBytes, randomUUID } from 'node:crypto';
import type {
  Licence,
  LicenceSummary,
  PublisherIntegration,
  PublisherIntegrationRequest,
  TestServerIntegration,
  UpdateLicenceRequest,
} from '../../../../src-shared/platform/admin';
import { summariseReferential, type StaticReferential, type StaticReferentialSummary } from '../../../../src-shared/admin/referential';
import { localDay } from '../../world/time';
import type { Flavor, PlatformWorld, PublisherIntegrationSeed, SandboxLicence } from '../../world/types';
import type { UserRecord } from './accounts';
import { conflict, notFound } from './errors';

/** `''` and null both mean "no URL"; the records keep null. */
const urlOrNull = (value: string | null | undefined) => (value ? value : null);

/**
 * Licences and their integration records. Licences and publisher integrations live
 * in the shared world (the ticket services resolve licences there, the relay reads
 * `publisherIntegrations` for the contract base URL), so they are changed in place;
 * test-server records concern only this service and stay here.
 */
export class Licensing {
  readonly #world: PlatformWorld;
  readonly #testServers = new Map<number, TestServerIntegration>();
  /** Static referentials uploaded in place of the config routes, per licence (sandbox addition). */
  readonly #referentials = new Map<number, { referential: StaticReferential; summary: StaticReferentialSummary }>();

  constructor(world: PlatformWorld) {
    this.#world = world;
  }

  list(): SandboxLicence[] {
    return [...this.#world.licences].sort((a, b) => a.id - b.id);
  }

  byId(id: number): SandboxLicence | undefined {
    return this.#world.licences.find((licence) => licence.id === id);
  }

  /** A new licence: fresh UUID and account key, no integration, no flavor imposed. */
  create(name: string): SandboxLicence {
    const licence: SandboxLicence = {
      id: Math.max(0, ...this.#world.licences.map((candidate) => candidate.id)) + 1,
      uuid: randomUUID(),
      name,
      activeIntegration: 'NONE',
      assignedFlavor: null,
      accountKey: `lic-${randomBytes(24).toString('base64url')}`,
      officePlaceIds: [],
    };
    this.#world.licences.push(licence);
    return licence;
  }

  /**
   * Applies an already-authorised change. Assigning a flavor also moves an active
   * PUBLISHER/LIBRE integration to that flavor (the flavor is imposed), unless the
   * same request sets the active integration explicitly.
   */
  update(licence: SandboxLicence, patch: UpdateLicenceRequest): SandboxLicence {
    if (patch.name !== undefined) licence.name = patch.name;
    if (patch.assignedFlavor !== undefined) {
      licence.assignedFlavor = patch.assignedFlavor;
      if (patch.assignedFlavor && patch.activeIntegration === undefined && isFlavor(licence.activeIntegration)) {
        licence.activeIntegration = patch.assignedFlavor;
      }
    }
    if (patch.activeIntegration !== undefined) licence.activeIntegration = patch.activeIntegration;
    return licence;
  }

  /** Removes the licence and its integration records; the caller clears the accounts' references. */
  remove(id: number): boolean {
    const index = this.#world.licences.findIndex((licence) => licence.id === id);
    if (index < 0) return false;
    this.#world.licences.splice(index, 1);
    this.#removePublisherRecord(id);
    this.#testServers.delete(id);
    this.#referentials.delete(id);
    return true;
  }

  publisher(licenceId: number): PublisherIntegration | null {
    const record = this.#world.publisherIntegrations.find((candidate) => candidate.licenceId === licenceId);
    return record ? publisherView(record) : null;
  }

  testServer(licenceId: number): TestServerIntegration | null {
    const record = this.#testServers.get(licenceId);
    return record ? { ...record } : null;
  }

  /**
   * Creates or updates (only the fields given) the publisher record; 409 when the
   * licence has a test-server record. The publisher route also serves LIBRE editors,
   * so a licence that is (or must be) LIBRE stays LIBRE; otherwise it becomes PUBLISHER.
   */
  upsertPublisher(licence: SandboxLicence, input: PublisherIntegrationRequest): PublisherIntegration {
    if (this.#testServers.has(licence.id)) {
      throw conflict(`Licence ${licence.id} already has a test-server integration: delete it first.`);
    }
    let record = this.#world.publisherIntegrations.find((candidate) => candidate.licenceId === licence.id);
    if (!record) {
      record = { licenceId: licence.id, officeId: '', officeVisibleId: '', contractBaseUrl: null, configServiceBaseUrl: null, targetUrl: null };
      this.#world.publisherIntegrations.push(record);
    }
    if (input.officeId !== undefined) record.officeId = input.officeId;
    if (input.officeVisibleId !== undefined) record.officeVisibleId = input.officeVisibleId;
    if (input.targetUrl !== undefined) record.targetUrl = urlOrNull(input.targetUrl);
    if (input.contractBaseUrl !== undefined) record.contractBaseUrl = urlOrNull(input.contractBaseUrl);
    if (input.configServiceBaseUrl !== undefined) record.configServiceBaseUrl = urlOrNull(input.configServiceBaseUrl);
    licence.activeIntegration = licence.activeIntegration === 'LIBRE' || licence.assignedFlavor === 'LIBRE' ? 'LIBRE' : 'PUBLISHER';
    return publisherView(record);
  }

  removePublisher(licence: SandboxLicence): void {
    if (!this.#removePublisherRecord(licence.id)) throw notFound(`Licence ${licence.id} has no publisher integration.`);
    this.#referentials.delete(licence.id);
    if (isFlavor(licence.activeIntegration)) licence.activeIntegration = 'NONE';
  }

  staticReferential(licenceId: number): StaticReferentialSummary | null {
    return this.#referentials.get(licenceId)?.summary ?? null;
  }

  /** Replaces the publisher integration's referentials with an uploaded (already validated) JSON. */
  saveStaticReferential(licence: SandboxLicence, referential: StaticReferential, now: Date): StaticReferentialSummary {
    if (!this.publisher(licence.id)) throw notFound(`Licence ${licence.id} has no publisher integration.`);
    const summary = summariseReferential(licence.id, referential, now.toISOString());
    this.#referentials.set(licence.id, { referential, summary });
    return summary;
  }

  upsertTestServer(licence: SandboxLicence, serverUrl: string | null | undefined): TestServerIntegration {
    if (this.publisher(licence.id)) {
      throw conflict(`Licence ${licence.id} already has a publisher integration: delete it first.`);
    }
    const record = this.#testServers.get(licence.id) ?? { licenceId: licence.id, serverUrl: null };
    if (serverUrl !== undefined) record.serverUrl = urlOrNull(serverUrl);
    this.#testServers.set(licence.id, record);
    licence.activeIntegration = 'TEST_SERVEUR';
    return { ...record };
  }

  removeTestServer(licence: SandboxLicence): void {
    if (!this.#testServers.delete(licence.id)) throw notFound(`Licence ${licence.id} has no test-server integration.`);
    if (licence.activeIntegration === 'TEST_SERVEUR') licence.activeIntegration = 'NONE';
  }

  /** The dashboard line of a licence: flavor, persisted configuration state, counters. */
  summary(licence: SandboxLicence, users: readonly UserRecord[], now: Date): LicenceSummary {
    const members = users.filter((user) => user.defaultLicenceId === licence.id);
    const places = new Set(licence.officePlaceIds);
    const today = localDay(now);
    return {
      ...licenceIdentity(licence),
      flavor: licence.assignedFlavor ?? (isFlavor(licence.activeIntegration) ? licence.activeIntegration : null),
      configuration: { integration: licence.activeIntegration, state: this.#configurationState(licence), probe: 'unknown' },
      counters: {
        users: members.length,
        admins: members.filter((user) => user.role === 'admin').length,
        officePlaces: places.size,
        kiosks: this.#world.kiosks.filter((kiosk) => places.has(kiosk.officePlaceId)).length,
        ticketsToday: this.#world.tickets.filter((ticket) => ticket.day === today && places.has(ticket.officePlaceId)).length,
      },
    };
  }

  #configurationState(licence: SandboxLicence): LicenceSummary['configuration']['state'] {
    if (licence.activeIntegration === 'NONE') return 'none';
    if (licence.activeIntegration === 'TEST_SERVEUR') {
      const record = this.#testServers.get(licence.id);
      return !record ? 'missing' : record.serverUrl ? 'configured' : 'incomplete';
    }
    const record = this.publisher(licence.id);
    return !record ? 'missing' : (record.contractBaseUrl ?? record.targetUrl) ? 'configured' : 'incomplete';
  }

  #removePublisherRecord(licenceId: number): boolean {
    const list = this.#world.publisherIntegrations;
    const index = list.findIndex((candidate) => candidate.licenceId === licenceId);
    if (index < 0) return false;
    list.splice(index, 1);
    return true;
  }
}

function isFlavor(value: string): value is Flavor {
  return value === 'PUBLISHER' || value === 'LIBRE';
}

function publisherView(record: PublisherIntegrationSeed): PublisherIntegration {
  return {
    licenceId: record.licenceId,
    officeId: record.officeId,
    officeVisibleId: record.officeVisibleId,
    targetUrl: record.targetUrl,
    contractBaseUrl: record.contractBaseUrl,
    configServiceBaseUrl: record.configServiceBaseUrl,
  };
}

/** What both the licence and its dashboard line say of it; the account key stays off the dashboard. */
function licenceIdentity(licence: SandboxLicence) {
  const { id, uuid, name, activeIntegration, assignedFlavor } = licence;
  return { id, uuid, name, activeIntegration, assignedFlavor };
}

export function licenceView(licence: SandboxLicence): Licence {
  return {
    ...licenceIdentity(licence),
    accountKey: licence.accountKey,
    officePlaceIds: [...licence.officePlaceIds],
  };
}
