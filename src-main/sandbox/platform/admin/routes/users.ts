import {
  ackResponseSchema,
  createUserRequestSchema,
  forgotPasswordRequestSchema,
  invitationResponseSchema,
  inviteUserRequestSchema,
  setPasswordRequestSchema,
  updateUserRequestSchema,
  userListSchema,
  userSchema,
  credentialsRequestSchema,
  validateCredentialsResponseSchema,
} from '../../../../../src-shared/platform/admin';
import { requireRole, requireUserInScope, userInScope } from '../access';
import { publicUser, type NewUser, type UserRecord } from '../accounts';
import type { AdminContext } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { requireReachable, sendInvitation, sendPasswordReset, setPasswordWithToken } from '../invitations';
import { messagePage } from '../pages';
import { PasswordHash } from '../passwords';
import { defineRoute, json, page, type AdminRoute, type RouteResult } from '../route';
import { checkCredentials } from '../sign-in';
import { checkAccountUpdate, checkNewAccount } from '../user-rules';
import { errorsOf, INVALID_INPUT } from './common';

function findUser(ctx: AdminContext, id: number): UserRecord {
  const user = ctx.accounts.byId(id);
  if (!user) throw notFound(`User ${id} not found.`);
  return user;
}

/** A created or invited account: what the request leaves out is empty, off or none. */
function addAccount(
  ctx: AdminContext,
  fields: Pick<NewUser, 'email' | 'role' | 'defaultLicenceId' | 'password'> & Partial<Pick<NewUser, 'firstName' | 'lastName' | 'phone' | 'canAccessCockpit'>>,
): UserRecord {
  return ctx.accounts.add({
    email: fields.email,
    firstName: fields.firstName ?? '',
    lastName: fields.lastName ?? '',
    phone: fields.phone ?? '',
    role: fields.role,
    defaultLicenceId: fields.defaultLicenceId,
    canAccessCockpit: fields.canAccessCockpit ?? false,
    grantedLicenceIds: [],
    password: fields.password,
  });
}

/** Invite and resend answer alike: a new link goes out, the answer says until when it works. */
function invitationSent(ctx: AdminContext, user: UserRecord, verb: 'sent' | 'resent'): RouteResult {
  const expiresAt = sendInvitation(ctx, user);
  return json(200, { message: `Invitation ${verb} to ${user.email}.`, user: publicUser(user), invitationExpiresAt: expiresAt.toISOString() });
}

/** `/users/*`: accounts, invitations, passwords. */
export function userRoutes(ctx: AdminContext): AdminRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/users',
      operationId: 'createUser',
      summary: 'Create an activated account',
      description: 'Admin: only on their current licence and never a superadmin. User: 403. `defaultLicenceId` defaults to the caller\'s current licence.',
      tag: 'users',
      auth: 'bearer',
      body: createUserRequestSchema,
      responses: {
        201: { description: 'Created', schema: userSchema },
        ...errorsOf({ 400: INVALID_INPUT, 403: 'Role or scope refuses it', 409: 'E-mail already used' }),
      },
      async handler({ principal, body }) {
        const defaultLicenceId = checkNewAccount(ctx, principal, body);
        const password = await PasswordHash.of(body.password);
        // Checked again after the slow hash: another request may have taken the e-mail meanwhile.
        checkNewAccount(ctx, principal, body);
        return json(201, publicUser(addAccount(ctx, { ...body, defaultLicenceId, password })));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/users',
      operationId: 'listUsers',
      summary: 'List users',
      description: 'Superadmin: every account. Admin: the non-superadmin accounts of their current licence, and themself. User: 403.',
      tag: 'users',
      auth: 'bearer',
      responses: { 200: { description: 'Users, by id', schema: userListSchema }, ...errorsOf({ 403: 'The user role cannot list users' }) },
      handler({ principal }) {
        requireRole(principal, ['admin', 'superadmin'], 'Listing users');
        return json(200, ctx.accounts.list().filter((user) => userInScope(principal, user)).map(publicUser));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/users/invite',
      operationId: 'inviteUser',
      summary: 'Invite a user by e-mail',
      description:
        'Creates a never-activated account and e-mails a single-use link to the set-password page (sandbox: see GET /sandbox/outbox). Same role rules as POST /users; `role` defaults to `user`.',
      tag: 'users',
      auth: 'bearer',
      body: inviteUserRequestSchema,
      responses: {
        200: { description: 'Invitation sent', schema: invitationResponseSchema },
        ...errorsOf({ 400: `${INVALID_INPUT}; or e-mail unreachable`, 403: 'Role or scope refuses it', 409: 'E-mail already used' }),
      },
      handler({ principal, body }) {
        const role = body.role ?? 'user';
        const defaultLicenceId = checkNewAccount(ctx, principal, { email: body.email, role, defaultLicenceId: body.defaultLicenceId });
        requireReachable(body.email);
        const user = addAccount(ctx, { email: body.email, firstName: body.firstName, lastName: body.lastName, role, defaultLicenceId, password: null });
        return invitationSent(ctx, user, 'sent');
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/users/{id}/resend-invitation',
      operationId: 'resendInvitation',
      summary: 'Issue a new invitation token and resend the e-mail',
      description: 'The previous invitation link stops working. Only for a never-activated account in the caller\'s scope.',
      tag: 'users',
      auth: 'bearer',
      responses: {
        200: { description: 'New invitation sent', schema: invitationResponseSchema },
        ...errorsOf({
          400: 'Account already activated, or e-mail unreachable',
          403: 'Role or scope refuses it',
          404: 'User not found',
        }),
      },
      handler({ principal, params }) {
        requireRole(principal, ['admin', 'superadmin'], 'Resending invitations');
        const user = findUser(ctx, params.id);
        requireUserInScope(principal, user);
        if (user.password !== null) throw badRequest(`User ${user.id} has already activated their account.`);
        return invitationSent(ctx, user, 'resent');
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/users/forgot-password',
      operationId: 'forgotPassword',
      summary: 'Request a password-reset e-mail',
      description: 'Always 200 with the same body, whether or not the account exists.',
      tag: 'users',
      auth: 'none',
      body: forgotPasswordRequestSchema,
      responses: { 200: { description: 'Request accepted', schema: ackResponseSchema }, ...errorsOf({ 400: INVALID_INPUT }, false) },
      handler({ body }) {
        sendPasswordReset(ctx, body.email);
        return json(200, { ok: true, message: 'If an account exists for this e-mail, a reset link has been sent.' });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/users/set-password',
      operationId: 'setPassword',
      summary: 'Set a password with an invitation or reset token',
      description: 'Activates the account. The token serves once. Also accepts the set-password page\'s form (answers with a page).',
      tag: 'users',
      auth: 'none',
      body: setPasswordRequestSchema,
      forms: true,
      responses: {
        200: { description: 'Password set', schema: ackResponseSchema, html: true },
        ...errorsOf({ 400: 'Invalid input, or invitation invalid, used or expired' }, false),
      },
      async handler({ body, fromForm }) {
        await setPasswordWithToken(ctx, body.email, body.token, body.password);
        const message = 'Password set: you can sign in.';
        return fromForm ? page(200, messagePage('Mot de passe enregistré', message, { href: '/login', label: 'Se connecter' })) : json(200, { ok: true, message });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/users/validate',
      operationId: 'validateCredentials',
      summary: 'Check an e-mail and password without issuing a token',
      tag: 'users',
      auth: 'none',
      body: credentialsRequestSchema,
      responses: {
        200: { description: 'Credentials valid', schema: validateCredentialsResponseSchema },
        ...errorsOf({ 400: INVALID_INPUT, 401: 'Invalid e-mail or password' }, false),
      },
      async handler({ body }) {
        const user = await checkCredentials(ctx, body.email, body.password);
        return json(200, { valid: true, user: publicUser(user) });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/users/{id}',
      operationId: 'getUser',
      summary: 'Read a user',
      description: 'Sandbox decision: Bearer required. Superadmin: anyone; admin: their scope; user: themself.',
      tag: 'users',
      auth: 'bearer',
      responses: {
        200: { description: 'User', schema: userSchema },
        ...errorsOf({ 400: 'id is not a positive integer', 403: 'Outside the caller\'s scope', 404: 'User not found' }),
      },
      handler({ principal, params }) {
        const user = findUser(ctx, params.id);
        requireUserInScope(principal, user);
        return json(200, publicUser(user));
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/users/{id}',
      operationId: 'updateUser',
      summary: 'Update a user',
      description:
        'Only the fields given change. Nobody changes their own role; a user edits only their own name, phone and password; an admin edits their scope, never promotes to superadmin nor moves an account to another licence; `grantedLicenceIds` (sandbox addition) is superadmin only. Setting a password activates the account.',
      tag: 'users',
      auth: 'bearer',
      body: updateUserRequestSchema,
      responses: {
        200: { description: 'Updated user', schema: userSchema },
        ...errorsOf({ 400: INVALID_INPUT, 403: 'Role or scope refuses it', 404: 'User not found', 409: 'E-mail already used' }),
      },
      async handler({ principal, params, body }) {
        const user = findUser(ctx, params.id);
        checkAccountUpdate(ctx, principal, user, body);
        const password = body.password === undefined ? undefined : await PasswordHash.of(body.password);
        checkAccountUpdate(ctx, principal, user, body);
        if (body.email !== undefined) user.email = body.email;
        if (body.firstName !== undefined) user.firstName = body.firstName;
        if (body.lastName !== undefined) user.lastName = body.lastName;
        if (body.phone !== undefined) user.phone = body.phone;
        if (body.role !== undefined) user.role = body.role;
        if (body.defaultLicenceId !== undefined) user.defaultLicenceId = body.defaultLicenceId;
        if (body.canAccessCockpit !== undefined) user.canAccessCockpit = body.canAccessCockpit;
        if (body.grantedLicenceIds !== undefined) user.grantedLicenceIds = [...new Set(body.grantedLicenceIds)].sort((a, b) => a - b);
        if (password) {
          user.password = password;
          user.pending = null;
        }
        return json(200, publicUser(user));
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/users/{id}',
      operationId: 'deleteUser',
      summary: 'Delete a user',
      description: 'Admin: their scope; user: 403; nobody deletes their own account. The account\'s tokens and web sessions stop working.',
      tag: 'users',
      auth: 'bearer',
      responses: {
        200: { description: 'Deleted', schema: ackResponseSchema },
        ...errorsOf({ 400: 'id is not a positive integer', 403: 'Role or scope refuses it, or own account', 404: 'User not found' }),
      },
      handler({ principal, params }) {
        requireRole(principal, ['admin', 'superadmin'], 'Deleting users');
        const user = findUser(ctx, params.id);
        if (user.id === principal.user.id) throw forbidden('You cannot delete your own account.');
        requireUserInScope(principal, user);
        ctx.accounts.remove(user.id);
        ctx.sessions.closeAllOf(user.id);
        return json(200, { ok: true, message: `User ${user.id} deleted.` });
      },
    }),
  ];
}
