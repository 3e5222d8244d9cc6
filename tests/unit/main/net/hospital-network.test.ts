import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PlatformBoardClient } from '../../../../src-main/platform/tickets/board';
import { PlatformHttp } from '../../../../src-main/platform/tickets/http';
import { TicketEventStream, type StreamState } from '../../../../src-main/platform/events/ticket-stream';
import { probeConfigRoutes } from '../../../../src-main/publisher/probe';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { nodeWire, nodeWireFactory, trustExtraCertificates, useWireFactory } from '../../../../src-main/net/wire';
import { isDeskError } from '../../../../src-shared/errors';
import { freePort, makeTestCa, startTinyproxy, type RunningProxy, type TestCa } from '../../../helpers/hospital-network';
import { until } from '../../../helpers/until';
import { makeClient } from '../publisher/support';

/** The desk's wires from now on: through this proxy (none for '') and trusting these CAs, as HTTPS_PROXY and a profile's CA would. */
function throughProxy(proxyUrl: string, extra: readonly string[]): void {
  useWireFactory((profileCas) => nodeWire({ httpsProxy: proxyUrl, httpProxy: proxyUrl, noProxy: '', extraCertificates: [...extra, ...profileCas] }));
}

async function platformFailure(sandbox: RunningSandbox): Promise<unknown> {
  const http = new PlatformHttp({ platformUrl: sandbox.platformUrl, licenceUuid: sandbox.licenceUuid, accountKey: sandbox.accountKey, retry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0, totalBudgetMs: 0 } });
  return new PlatformBoardClient(http).listForDay().then(() => null, (error: unknown) => error);
}

describe('the hospital network', () => {
  let ca: TestCa;
  let sandbox: RunningSandbox;
  let proxy: RunningProxy;

  beforeAll(async () => {
    ca = makeTestCa();
    sandbox = await startSandbox({ https: { cert: ca.cert, key: ca.key }, publisherPushes: false });
    proxy = await startTinyproxy();
  });
  afterEach(() => {
    useWireFactory(nodeWireFactory);
  });
  afterAll(async () => {
    await sandbox?.close();
    await proxy?.stop();
  });

  it('HTTPS training servers with a test CA, through a real proxy: the medical system, the platform and the live events answer, and the proxy saw the tunnels', async () => {
    expect(sandbox.platformUrl).toMatch(/^https:\/\/localhost:\d+$/);
    throughProxy(proxy.url, []);
    // The profile's CA, as resolveConnection hands it on.
    trustExtraCertificates([ca.caPem]);

    const { client } = makeClient(sandbox.profile, sandbox.accountKey);
    const probe = await probeConfigRoutes(client);
    expect(probe.routes.map((route) => route.code)).toEqual([null, null, null, null, null]);
    expect(probe.ok).toBe(true);

    const http = new PlatformHttp({ platformUrl: sandbox.platformUrl, licenceUuid: sandbox.licenceUuid, accountKey: sandbox.accountKey });
    const day = await new PlatformBoardClient(http).listForDay();
    expect(day.tickets.length).toBeGreaterThan(0);

    const states: StreamState[] = [];
    const stream = new TicketEventStream(
      { platformUrl: sandbox.platformUrl, licenceUuid: sandbox.licenceUuid, accountKey: sandbox.accountKey },
      { ticket: () => {}, reset: () => {}, state: (state) => states.push(state) },
    );
    stream.start(day.lastEventId);
    try {
      await until(() => states.includes('live'), 15_000);
    } finally {
      stream.stop();
    }

    const publisherPort = new URL(sandbox.publisherUrl).port;
    const platformPort = new URL(sandbox.platformUrl).port;
    await until(() => proxy.log().includes(`CONNECT localhost:${platformPort}`) && proxy.log().includes(`CONNECT localhost:${publisherPort}`), 5_000);
  });

  it('untrusted certificate message: without the CA, every check names the server whose certificate this computer does not trust', async () => {
    throughProxy(proxy.url, []);
    // Another organisation's CA is no help: only the one that issued the certificate is.
    trustExtraCertificates([ca.strangerCaPem]);

    const { client } = makeClient(sandbox.profile, sandbox.accountKey);
    const probe = await probeConfigRoutes(client);
    expect(probe.ok).toBe(false);
    for (const route of probe.routes) {
      expect(route).toMatchObject({ ok: false, status: null, code: 'CERTIFICATE_UNTRUSTED', host: 'localhost' });
      expect(route.reason).toMatch(/^The certificate of localhost is not trusted by this computer \(/);
    }

    const failure = await platformFailure(sandbox);
    expect(isDeskError(failure) && failure.toJSON()).toMatchObject({ code: 'CERTIFICATE_UNTRUSTED', host: 'localhost' });
  });

  it('a proxy that asks for credentials (407) is a plain refusal naming the server, not a silent outage', async () => {
    const guarded = await startTinyproxy({ basicAuth: true });
    try {
      throughProxy(guarded.url, [ca.caPem]);
      const { client } = makeClient(sandbox.profile, sandbox.accountKey);
      const probe = await probeConfigRoutes(client);
      for (const route of probe.routes) expect(route).toMatchObject({ ok: false, code: 'PROXY_REFUSED', host: 'localhost' });
      expect(probe.routes[0]!.reason).toContain('407');
      const failure = await platformFailure(sandbox);
      expect(isDeskError(failure) && failure.code).toBe('PROXY_REFUSED');
    } finally {
      await guarded.stop();
    }
  });

  it('a proxy that is down is said so, not that the platform is', async () => {
    throughProxy(`http://127.0.0.1:${await freePort()}`, [ca.caPem]);
    const failure = await platformFailure(sandbox);
    expect(isDeskError(failure) && failure.toJSON()).toMatchObject({ code: 'PROXY_REFUSED', host: 'localhost' });
  });

  it('NO_PROXY: a server named there is reached directly, the proxy never sees it', async () => {
    const before = proxy.log();
    useWireFactory((extra) => nodeWire({ httpsProxy: proxy.url, noProxy: 'localhost', extraCertificates: [ca.caPem, ...extra] }));
    const { client } = makeClient(sandbox.profile, sandbox.accountKey);
    expect((await probeConfigRoutes(client)).ok).toBe(true);
    expect(proxy.log().slice(before.length)).not.toContain('CONNECT localhost');
  });
});
