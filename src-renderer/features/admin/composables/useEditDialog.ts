import { ref, shallowRef } from 'vue';
import type { z } from 'zod';
import { useZodForm } from './useZodForm';

/**
 * One dialog to create a thing or edit an existing one, each checked with its own
 * request schema. `fill` puts the thing's values (or blank ones) in the panel's form.
 */
export function useEditDialog<T, C extends z.ZodType, U extends z.ZodType>(createSchema: C, updateSchema: U, fill: (target: T | null) => void) {
  const open = ref(false);
  const editing = shallowRef<T | null>(null);
  const createForm = useZodForm(createSchema);
  const updateForm = useZodForm(updateSchema);
  /** The form in use, for its errors and busy state. */
  const form = () => (editing.value === null ? createForm : updateForm);

  function show(target: T | null): void {
    editing.value = target;
    fill(target);
    form().reset();
    open.value = true;
  }

  /** Sends the form in use; the dialog closes on success and stays, as typed, on a refusal. */
  async function save<R>(values: unknown, send: { create: (request: z.output<C>) => Promise<R>; update: (target: T, changes: z.output<U>) => Promise<R> }): Promise<R | null> {
    const target = editing.value;
    const saved = target === null ? await createForm.submit(values, send.create) : await updateForm.submit(values, (changes) => send.update(target, changes));
    if (saved !== null) open.value = false;
    return saved;
  }

  return { open, editing, form, show, save };
}
