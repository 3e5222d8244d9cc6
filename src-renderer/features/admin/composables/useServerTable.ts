import { ref, shallowRef, type Ref } from 'vue';
import type { TablePage, TableQueryInput } from '../../../../src-shared/admin/table';
import { useErrorText } from '../../../composables/useErrorText';

/**
 * The state of a `v-data-table-server`: main pages, sorts and filters; the table
 * passes its options (search included) through and shows one page. `reload`
 * repeats the last query.
 */
export function useServerTable<T>(fetchPage: (query: TableQueryInput) => Promise<TablePage<T>>) {
  const errorText = useErrorText();
  const items: Ref<T[]> = shallowRef([]);
  const total = ref(0);
  const loading = ref(false);
  const error = ref<string | null>(null);
  let last: TableQueryInput = { page: 1, itemsPerPage: 10 };

  async function load(options: TableQueryInput): Promise<void> {
    last = { page: options.page, itemsPerPage: options.itemsPerPage, sortBy: options.sortBy, search: options.search ?? '' };
    loading.value = true;
    error.value = null;
    try {
      const page = await fetchPage(last);
      items.value = page.items;
      total.value = page.total;
    } catch (failure) {
      error.value = errorText(failure);
    } finally {
      loading.value = false;
    }
  }

  return { items, total, loading, error, load, reload: () => load(last) };
}

export type ServerTable<T> = ReturnType<typeof useServerTable<T>>;
