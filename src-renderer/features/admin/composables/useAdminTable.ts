import { ref } from 'vue';
import type { TablePage, TableQueryInput } from '../../../../src-shared/admin/table';
import { useErrorText } from '../../../composables/useErrorText';
import { useRemoval } from './useRemoval';
import { useServerTable } from './useServerTable';

/**
 * An admin list as its panel shows it: the server table, the notice of what was
 * just done, and removal of a row. `remove` deletes the row and answers the
 * notice to show; a refusal shows where the table's errors do.
 */
export function useAdminTable<T>(fetchPage: (query: TableQueryInput) => Promise<TablePage<T>>, remove: (row: T) => Promise<string>) {
  const errorText = useErrorText();
  const table = useServerTable(fetchPage);
  const notice = ref<string | null>(null);

  /** After a change: say what was done and show the list as it now is. */
  async function done(text: string): Promise<void> {
    notice.value = text;
    await table.reload();
  }

  const removal = useRemoval(
    async (row: T) => done(await remove(row)),
    (failure) => (table.error.value = errorText(failure)),
  );

  return { ...table, notice, removal, done };
}

export type AdminTable<T> = ReturnType<typeof useAdminTable<T>>;

/**
 * A column of an admin table: its key, whose text is `admin.<panel>.<key>`, or the
 * key with another text, or one that does not sort. Every table ends with its actions.
 */
export type AdminColumn = string | { key: string; text: string; sortable?: boolean };
