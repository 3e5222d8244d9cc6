import { overTls, type SandboxTls } from '../tls';
import Fastify, { type FastifyInstance } from 'fastify';
import { installFaults, type FaultSwitches } from '../faults';
import type { PublisherWorld } from '../world/types';
import { installCors } from './cors';
import { PublisherEncryption } from './encryption';
import { errorHandler, errors, notFoundHandler, sendError } from './errors';
import { AnswerVariations } from './field-variations';
import type { PublisherContext } from './operation';
import type { PublisherBehaviour } from './options';
import { PlatformLink } from './platform-link';
import { countRequests } from './request-count';
import { appointmentRoutes } from './routes/appointments';
import { checkInRoutes } from './routes/check-in';
import { configRoutes } from './routes/config';
import { documentRoutes } from './routes/documents';
import { identifyRoutes } from './routes/identify';
import { patientRoutes } from './routes/patients';
import { staffRoutes } from './routes/staff';
import { statusRoutes } from './routes/status';
import { trainerRoutes } from './routes/trainer';
import { PublisherState } from './state';

export interface SandboxPublisherOptions {
  /** Serve over HTTPS with this certificate (default: plain http on loopback). */
  https?: SandboxTls;
  world: PublisherWorld;
  behaviour: PublisherBehaviour;
  faults: FaultSwitches;
  now: () => Date;
}

export interface SandboxPublisher {
  app: FastifyInstance;
  /** Live state, for tests and the other sandbox modules (the HTTP routes are the product). */
  state: PublisherState;
  /** Outbound best-effort calls; `settled()` waits for those in flight. */
  platform: PlatformLink;
}

/** Every non-upload body is small JSON; 1 MiB leaves room for encryption overhead. */
const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** by-code's code is ≤ 512 characters, up to 3× that once URL-encoded; longer ids get a contract 400, not a router 404. */
const MAX_PARAM_LENGTH = 8 * 1024;

/**
 * The training publisher: the whole Kiosk Integration Contract, served from the
 * seeded world, with behaviour switches for minimal forms, device policy,
 * encryption and field quirks (docs/sandbox-publisher.md).
 */
export function createSandboxPublisher(options: SandboxPublisherOptions): SandboxPublisher {
  const { behaviour } = options;
  const app = Fastify(overTls({
    logger: false,
    bodyLimit: DEFAULT_BODY_LIMIT,
    // As the training platform: a close drops every connection at once (see platform/server.ts).
    forceCloseConnections: true,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // The router's own refusals (bad URL encoding, over-long parameter) in the contract's shape.
    frameworkErrors: (error, _request, reply) =>
      sendError(reply, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? errors.validation('path', 'tooLong') : errors.validation('path', 'malformedUrl')),
  }, options.https));
  // Counted before the faults: a request answered 503 or dropped was still made.
  countRequests(app, options.world);
  // Faults act first: a faulty answer never changes the sandbox's state.
  installFaults(app, options.faults);

  const state = new PublisherState(options.world, options.now, behaviour.quirks.trustAnyKeyOnFirstUse);
  const platform = new PlatformLink(behaviour.platform, () => behaviour.pushes);
  const encryption = new PublisherEncryption(behaviour.encryption);
  const context: PublisherContext = { app, state, behaviour, encryption, platform, answers: new AnswerVariations(behaviour.fieldVariations) };

  // Bodies are kept as raw text: an encrypted body must be opened before it is JSON.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.setErrorHandler(errorHandler(behaviour.uploadLimitBytes));
  app.setNotFoundHandler(notFoundHandler(behaviour.quirks.htmlNotFound));
  app.addHook('onClose', async () => platform.close());

  installCors(app, encryption.enabled);
  identifyRoutes(context);
  appointmentRoutes(context);
  patientRoutes(context);
  documentRoutes(context);
  checkInRoutes(context);
  statusRoutes(context);
  configRoutes(context);
  staffRoutes(context);
  trainerRoutes(context);

  return { app, state, platform };
}

export function buildSandboxPublisher(options: SandboxPublisherOptions): FastifyInstance {
  return createSandboxPublisher(options).app;
}
