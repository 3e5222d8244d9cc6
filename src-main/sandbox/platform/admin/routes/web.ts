import { z } from 'zod';
import {
  ackResponseSchema,
  adminErrorBodySchema,
  credentialsRequestSchema,
  kioskConfigurationSchema,
  webLicencesSchema,
  webLoginResponseSchema,
  webPublisherIntegrationSchema,
  webTestServerIntegrationSchema,
  webUsersSchema,
  type KioskConfiguration,
} from '../../../../../src-shared/platform/admin';
import { userInScope, type Principal } from '../access';
import { publicUser } from '../accounts';
import type { AdminContext } from '../context';
import { AdminError } from '../errors';
import { licenceView } from '../licensing';
import { loginPage, messagePage, setPasswordPage, toolsPage } from '../pages';
import { defineRoute, json, page, type AdminRoute } from '../route';
import { checkCredentials, homeLicence } from '../sign-in';
import { WebSessions } from '../web-sessions';
import { errorsOf, INVALID_INPUT } from './common';

const HTML = { description: 'HTML page', html: true } as const;
const SESSION_401 = { 401: 'No web session (sign in with POST /web-auth/login)' };

function wantsHtml(accept: string | undefined): boolean {
  return (accept ?? '').includes('text/html');
}

function kioskConfiguration(ctx: AdminContext, principal: Principal): KioskConfiguration {
  const licence = principal.licenceId === null ? undefined : ctx.licensing.byId(principal.licenceId);
  if (!licence) return { platformUrl: ctx.publicUrl(), licence: null, kiosks: [], publisher: null };
  const places = new Set(licence.officePlaceIds);
  const publisher = ctx.licensing.publisher(licence.id);
  return {
    platformUrl: ctx.publicUrl(),
    licence: {
      id: licence.id,
      uuid: licence.uuid,
      name: licence.name,
      activeIntegration: licence.activeIntegration,
      accountKey: principal.user.role === 'user' ? null : licence.accountKey,
      officePlaceIds: [...licence.officePlaceIds],
    },
    kiosks: ctx.world.kiosks.filter((kiosk) => places.has(kiosk.officePlaceId)).map((kiosk) => ({ ...kiosk })),
    publisher: publisher && {
      officeId: publisher.officeId,
      officeVisibleId: publisher.officeVisibleId,
      contractBaseUrl: publisher.contractBaseUrl ?? publisher.targetUrl,
      relayBaseUrl: `${ctx.publicUrl()}/api/contractRelay`,
    },
  };
}

/** Web pages (login, tools, set-password) and the cookie-session routes `/web-auth/*`. */
export function webRoutes(ctx: AdminContext): AdminRoute[] {
  const dataRoute = <S extends z.ZodType>(name: string, operationId: string, summary: string, schema: S, build: (principal: Principal) => z.input<S>) =>
    defineRoute({
      method: 'GET',
      path: `/web-auth/data/${name}`,
      operationId,
      summary,
      tag: 'web',
      auth: 'session',
      responses: { 200: { description: summary, schema }, ...errorsOf(SESSION_401, false) },
      handler: ({ principal }) => json(200, build(principal)),
    });

  return [
    defineRoute({
      method: 'GET',
      path: '/login',
      operationId: 'loginPage',
      summary: 'Login web page',
      tag: 'web',
      auth: 'none',
      responses: { 200: HTML },
      handler: () => page(200, loginPage()),
    }),
    defineRoute({
      method: 'GET',
      path: '/tools',
      operationId: 'toolsPage',
      summary: 'Tools web page: OpenAPI, sandbox outbox, the session\'s data',
      tag: 'web',
      auth: 'none',
      responses: { 200: HTML },
      handler({ request }) {
        const session = ctx.sessions.find(request.headers.cookie);
        const user = session ? ctx.accounts.byId(session.userId) : undefined;
        return page(
          200,
          toolsPage({
            signedInAs: user && session ? { email: user.email, role: user.role, licenceId: session.licenceId } : null,
            outbox: ctx.outbox.messages,
          }),
        );
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/set-password',
      operationId: 'setPasswordPage',
      summary: 'Set-password web page opened by invitation and reset links (sandbox)',
      tag: 'web',
      auth: 'none',
      query: [
        { name: 'email', description: 'The account\'s e-mail' },
        { name: 'token', description: 'The invitation or reset token' },
      ],
      responses: { 200: HTML },
      handler({ request }) {
        const query = z.object({ email: z.string().max(256).catch(''), token: z.string().max(512).catch('') }).parse(request.query ?? {});
        return page(200, setPasswordPage(query.email, query.token));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/web-auth/login',
      operationId: 'webLogin',
      summary: 'Web login: opens a cookie session',
      description:
        'JSON or form body. Sets `platform_session` (HttpOnly, SameSite=Strict, Path=/, Max-Age = token lifetime). A form post gets an HTML page (the login page again on 401).',
      tag: 'web',
      auth: 'none',
      body: credentialsRequestSchema,
      forms: true,
      responses: {
        200: { description: 'Signed in', schema: webLoginResponseSchema, html: true },
        ...errorsOf({ 400: INVALID_INPUT }, false),
        401: { description: 'Invalid e-mail or password (a form post gets the login page again)', schema: adminErrorBodySchema, html: true },
      },
      async handler({ body, fromForm }) {
        let user;
        try {
          user = await checkCredentials(ctx, body.email, body.password);
        } catch (error) {
          if (fromForm && error instanceof AdminError) return page(401, loginPage('E-mail ou mot de passe incorrect.'));
          throw error;
        }
        const licenceId = homeLicence(ctx, user);
        const { id } = ctx.sessions.open(user.id, user.role, licenceId);
        const headers = { 'set-cookie': ctx.sessions.setCookie(id) };
        if (fromForm) return page(200, messagePage('Connecté(e)', `Bienvenue, ${user.firstName || user.email}.`, { href: '/tools', label: 'Outils' }), headers);
        return json(200, { user: publicUser(user), currentLicenceId: licenceId }, headers);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/web-auth/logout',
      operationId: 'webLogout',
      summary: 'Close the web session (always 200)',
      description: 'Clears the cookie. Answers a page when the client accepts text/html.',
      tag: 'web',
      auth: 'none',
      responses: { 200: { description: 'Signed out', schema: ackResponseSchema, html: true } },
      handler({ request }) {
        ctx.sessions.close(request.headers.cookie);
        const headers = { 'set-cookie': WebSessions.clearCookie() };
        if (wantsHtml(request.headers.accept)) return page(200, messagePage('Déconnecté(e)', 'Session fermée.', { href: '/login', label: 'Connexion' }), headers);
        return json(200, { ok: true, message: 'Signed out.' }, headers);
      },
    }),
    dataRoute('licences', 'webLicences', "The session's licences (superadmin: all; others: the current one)", webLicencesSchema, (principal) => ({
      currentLicenceId: principal.licenceId,
      licences: ctx.licensing
        .list()
        .filter((licence) => principal.user.role === 'superadmin' || licence.id === principal.licenceId)
        .map(licenceView),
    })),
    dataRoute('users', 'webUsers', 'Users the session may see (superadmin: all; admin: their licence; user: themself)', webUsersSchema, (principal) => ({
      users: ctx.accounts.list().filter((user) => userInScope(principal, user)).map(publicUser),
    })),
    dataRoute('integrations/publisher', 'webPublisherIntegration', "The current licence's publisher integration", webPublisherIntegrationSchema, (principal) => ({
      licenceId: principal.licenceId,
      integration: principal.licenceId === null ? null : ctx.licensing.publisher(principal.licenceId),
    })),
    dataRoute('integrations/testserveur', 'webTestServerIntegration', "The current licence's test-server integration", webTestServerIntegrationSchema, (principal) => ({
      licenceId: principal.licenceId,
      integration: principal.licenceId === null ? null : ctx.licensing.testServer(principal.licenceId),
    })),
    dataRoute('kiosk', 'webKioskConfiguration', 'Kiosk configuration of the current licence', kioskConfigurationSchema, (principal) => kioskConfiguration(ctx, principal)),
  ];
}
