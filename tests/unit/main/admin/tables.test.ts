import { describe, expect, it } from 'vitest';
import { tablePage } from '../../../../src-main/admin/tables';
import { tableQuerySchema } from '../../../../src-shared/admin/table';

const rows = [
  { id: 1, name: 'Hélène Durand', kiosks: 3 },
  { id: 2, name: 'helene martin', kiosks: 10 },
  { id: 3, name: 'Zoé Abel', kiosks: null },
  { id: 4, name: 'Émile Zola', kiosks: 2 },
];
const columns = { name: (row: (typeof rows)[number]) => row.name, kiosks: (row: (typeof rows)[number]) => row.kiosks };
const query = (input: object) => tableQuerySchema.parse(input);

describe('server-side table pages', () => {
  it('searches without regard to case or accents', () => {
    expect(tablePage(rows, query({ search: 'HELENE' }), columns).items.map((row) => row.id)).toEqual([1, 2]);
    expect(tablePage(rows, query({ search: 'émile' }), columns).total).toBe(1);
  });

  it('sorts in French order, numbers as numbers, empty values last, and pages', () => {
    expect(tablePage(rows, query({ sortBy: [{ key: 'name', order: 'asc' }] }), columns).items.map((row) => row.id)).toEqual([4, 1, 2, 3]);
    expect(tablePage(rows, query({ sortBy: [{ key: 'kiosks', order: 'asc' }] }), columns).items.map((row) => row.id)).toEqual([4, 1, 2, 3]);
    const second = tablePage(rows, query({ page: 2, itemsPerPage: 3, sortBy: [{ key: 'kiosks', order: 'desc' }] }), columns);
    expect(second).toEqual({ items: [rows[3]], total: 4 });
  });

  it('ignores a sort key it does not know, inherited names included', () => {
    for (const key of ['password', 'valueOf', '__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(tablePage(rows, query({ sortBy: [{ key, order: 'desc' }] }), columns).items.map((row) => row.id)).toEqual([1, 2, 3, 4]);
    }
  });
});
