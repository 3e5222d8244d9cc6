import type { TablePage, TableQuery } from '../../src-shared/admin/table';
import type { CreateLicenceRequest, Licence, LicenceSummary, UpdateLicenceRequest } from '../../src-shared/platform/admin';
import type { AdminSessionService } from './session';
import { tablePage, type Columns } from './tables';

const LICENCE_COLUMNS: Columns<LicenceSummary> = {
  id: (row) => row.id,
  name: (row) => row.name,
  activeIntegration: (row) => row.activeIntegration,
  flavor: (row) => row.flavor,
  state: (row) => row.configuration.state,
  users: (row) => row.counters.users,
  kiosks: (row) => row.counters.kiosks,
  ticketsToday: (row) => row.counters.ticketsToday,
};

/** Licences (superadmin): the dashboard summary is the list, one line per licence with its counters. */
export class LicenceAdmin {
  constructor(private readonly session: AdminSessionService) {}

  async list(query: TableQuery): Promise<TablePage<LicenceSummary>> {
    const summary = await this.session.run((client) => client.dashboardSummary());
    return tablePage(summary.licences, query, LICENCE_COLUMNS);
  }

  create(request: CreateLicenceRequest): Promise<Licence> {
    return this.changed(this.session.run((client) => client.createLicence(request)));
  }

  update(id: number, changes: UpdateLicenceRequest): Promise<Licence> {
    return this.changed(this.session.run((client) => client.updateLicence(id, changes)));
  }

  async remove(id: number): Promise<null> {
    await this.changed(this.session.run((client) => client.deleteLicence(id)));
    return null;
  }

  /** The session's licence lists (switch, integrations, users' default licence) follow every change. */
  private async changed<T>(pending: Promise<T>): Promise<T> {
    const result = await pending;
    await this.session.refresh();
    return result;
  }
}
