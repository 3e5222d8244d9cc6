import type { InvitationSent } from '../../src-shared/ipc/features/admin.contract';
import type { TablePage, TableQuery } from '../../src-shared/admin/table';
import type { CreateUserRequest, InvitationResponse, InviteUserRequest, UpdateUserRequest, User } from '../../src-shared/platform/admin';
import type { AdminSessionService } from './session';
import { tablePage, type Columns } from './tables';

const USER_COLUMNS: Columns<User> = {
  id: (row) => row.id,
  email: (row) => row.email,
  name: (row) => `${row.lastName} ${row.firstName}`.trim(),
  firstName: (row) => row.firstName,
  lastName: (row) => row.lastName,
  role: (row) => row.role,
  defaultLicenceId: (row) => row.defaultLicenceId,
  activated: (row) => row.activated,
};

/** Users: the platform scopes the list (an admin gets their licence's); main pages, sorts and filters it. */
export class UserAdmin {
  constructor(private readonly session: AdminSessionService) {}

  async list(query: TableQuery): Promise<TablePage<User>> {
    const users = await this.session.run((client) => client.users());
    return tablePage(users, query, USER_COLUMNS);
  }

  create(request: CreateUserRequest): Promise<User> {
    return this.session.run((client) => client.createUser(request));
  }

  update(id: number, changes: UpdateUserRequest): Promise<User> {
    return this.session.run((client) => client.updateUser(id, changes));
  }

  async remove(id: number): Promise<null> {
    await this.session.run((client) => client.deleteUser(id));
    return null;
  }

  async invite(request: InviteUserRequest): Promise<InvitationSent> {
    return sent(await this.session.run((client) => client.inviteUser(request)));
  }

  async resend(id: number): Promise<InvitationSent> {
    return sent(await this.session.run((client) => client.resendInvitation(id)));
  }
}

function sent(answer: InvitationResponse): InvitationSent {
  return { user: answer.user, invitationExpiresAt: answer.invitationExpiresAt };
}
