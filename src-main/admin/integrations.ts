import { checkStaticReferential, type StaticReferentialSummary } from '../../src-shared/admin/referential';
import { DeskError } from '../../src-shared/errors';
import type { PublisherSaved } from '../../src-shared/ipc/features/admin.contract';
import type {
  LicenceIntegrations,
  PublisherIntegration,
  PublisherIntegrationRequest,
  TestServerIntegration,
  TestServerIntegrationRequest,
} from '../../src-shared/platform/admin';
import type { ConnectionProfile } from '../../src-shared/profile';
import { CONFIG_ROUTES } from '../../src-shared/publisher/schemas';
import { PublisherClient } from '../publisher/client';
import { PROBED_CONFIG_ROUTES, probeConfigRoutes, type ConfigProbeResult, type ProbeOptions } from '../publisher/probe';
import type { AdminSessionService } from './session';

/**
 * Integrations of a licence. Saving a publisher integration runs the config probe
 * against that integration's contract URL, with the licence's own account key, as
 * the platform does on activation: kiosk configuration stays locked until every
 * probed route passes.
 */
export class IntegrationAdmin {
  constructor(
    private readonly session: AdminSessionService,
    /** The running profile: its device id and platform URL fill the probe's headers. */
    private readonly profile: ConnectionProfile,
    private readonly probeOptions: ProbeOptions = {},
  ) {}

  get(licenceId: number): Promise<LicenceIntegrations> {
    return this.session.run((client) => client.integrations(licenceId));
  }

  async savePublisher(licenceId: number, request: PublisherIntegrationRequest): Promise<PublisherSaved> {
    const integration = await this.session.run((client) => client.savePublisherIntegration(licenceId, request));
    const probe = contractUrlOf(integration) ? await this.probe(licenceId) : null;
    return { integration, probe };
  }

  saveTestServer(licenceId: number, request: TestServerIntegrationRequest): Promise<TestServerIntegration> {
    return this.session.run((client) => client.saveTestServerIntegration(licenceId, request));
  }

  async remove(licenceId: number, kind: 'publisher' | 'testServer'): Promise<null> {
    await this.session.run((client) =>
      kind === 'publisher' ? client.deletePublisherIntegration(licenceId) : client.deleteTestServerIntegration(licenceId),
    );
    return null;
  }

  /**
   * With a static referential no HTTP probe is made (contract, Probe): each route
   * passes by its section, an absent section being an empty list.
   */
  async probe(licenceId: number): Promise<ConfigProbeResult> {
    const [integrations, licence] = await Promise.all([
      this.get(licenceId),
      this.session.run((client) => client.licence(licenceId)),
    ]);
    if (integrations.staticReferential) return fromReferential(integrations.staticReferential);
    const integration = integrations.publisher;
    const contractBaseUrl = integration ? contractUrlOf(integration) : null;
    if (!integration || !contractBaseUrl) {
      throw new DeskError('ADMIN_NOT_FOUND', 'This licence has no publisher integration with a contract URL to probe.');
    }
    const publisher = new PublisherClient({
      profile: {
        ...this.profile,
        contractMode: 'direct',
        contractBaseUrl,
        officeIdHeader: integration.officeId || this.profile.officeIdHeader,
        publisherPublicKeyPem: null,
      },
      accountKey: licence.accountKey,
    });
    return probeConfigRoutes(publisher, this.probeOptions);
  }

  /** Checked here before anything is sent; the platform checks again and answers 400 with the problem. */
  async uploadReferential(licenceId: number, text: string): Promise<StaticReferentialSummary> {
    const check = checkStaticReferential(text);
    if (!check.ok) throw new DeskError('ADMIN_REFERENTIAL_INVALID', 'The static referential JSON is invalid.', { fields: check.problems });
    return this.session.run((client) => client.saveStaticReferential(licenceId, check.referential));
  }
}

/** `contractBaseUrl`, else the historical `targetUrl`. */
function contractUrlOf(integration: PublisherIntegration): string | null {
  return integration.contractBaseUrl ?? integration.targetUrl ?? null;
}

function fromReferential(summary: StaticReferentialSummary): ConfigProbeResult {
  return {
    ok: true,
    routes: PROBED_CONFIG_ROUTES.map((route) => ({
      route,
      path: CONFIG_ROUTES[route].path,
      ok: true,
      status: null,
      code: null,
      reason: `From the static referential: ${summary.counts[route]} entries.`,
      durationMs: 0,
      count: summary.counts[route],
    })),
  };
}
