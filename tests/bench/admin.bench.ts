import { performance } from 'node:perf_hooks';
import { tablePage } from '../../src-main/admin/tables';
import { AdminClient } from '../../src-main/platform/admin/client';
import { startSandbox } from '../../src-main/sandbox/start';
import { tableQuerySchema } from '../../src-shared/admin/table';
import type { User } from '../../src-shared/platform/admin';
import { percentile, type Benchmark } from './harness';

/** A large clinic group's accounts: what one users-table page is cut from in main. */
function accounts(count: number): User[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    email: `compte.${index}@clinique.example`,
    firstName: `Prénom${index % 97}`,
    lastName: `Nom${index % 89}`,
    phone: '',
    role: index % 10 === 0 ? 'admin' : 'user',
    defaultLicenceId: 1 + (index % 5),
    canAccessCockpit: false,
    grantedLicenceIds: [],
    activated: index % 7 !== 0,
  }));
}

export const benchmarks: Benchmark[] = [
  {
    metric: 'admin.users_page_10k_p50_ms',
    unit: 'ms',
    target: { op: '<=', value: 50 },
    async run() {
      const users = accounts(10_000);
      const columns = { email: (row: User) => row.email, name: (row: User) => `${row.lastName} ${row.firstName}`, role: (row: User) => row.role };
      const query = tableQuerySchema.parse({ page: 3, itemsPerPage: 25, sortBy: [{ key: 'name', order: 'asc' }], search: 'nom1' });
      const samples: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        const started = performance.now();
        tablePage(users, query, columns);
        samples.push(performance.now() - started);
      }
      return percentile(samples, 50);
    },
  },
  {
    metric: 'admin.users_list_roundtrip_p50_ms',
    unit: 'ms',
    target: null,
    async run() {
      const sandbox = await startSandbox();
      try {
        const client = new AdminClient({ platformUrl: sandbox.platformUrl });
        await client.login({ email: 'super@formation.example', password: 'formation' });
        const samples: number[] = [];
        for (let i = 0; i < 50; i += 1) {
          const started = performance.now();
          await client.users();
          samples.push(performance.now() - started);
        }
        return percentile(samples, 50);
      } finally {
        await sandbox.close();
      }
    },
  },
];
