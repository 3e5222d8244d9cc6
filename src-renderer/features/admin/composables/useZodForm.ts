import { reactive, ref } from 'vue';
import { useI18n } from 'vue-i18n';
import type { z } from 'zod';
import { DeskError } from '../../../../src-shared/errors';
import { useErrorText } from '../../../composables/useErrorText';

/**
 * A form checked with the very zod schema main applies to the IPC request: each
 * offending field gets its own message in plain words, and nothing leaves the
 * renderer until the schema accepts it. A refusal from the platform lands on the
 * same fields when it names them (`DeskError.fields`), else in `formError`.
 */
export function useZodForm<S extends z.ZodType>(schema: S) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const fieldErrors = reactive<Record<string, string>>({});
  const formError = ref<string | null>(null);
  const busy = ref(false);

  function reset(): void {
    for (const key of Object.keys(fieldErrors)) delete fieldErrors[key];
    formError.value = null;
  }

  function messageOf(issue: z.core.$ZodIssue): string {
    switch (issue.code) {
      case 'too_small':
        return Number(issue.minimum) <= 1 ? t('admin.validation.required') : t('admin.validation.tooShort', { min: Number(issue.minimum) });
      case 'too_big':
        return t('admin.validation.tooLong', { max: Number(issue.maximum) });
      case 'invalid_format':
        return issue.format === 'email' ? t('admin.validation.email') : issue.format === 'url' ? t('admin.validation.url') : t('admin.validation.format');
      case 'invalid_type':
        return t('admin.validation.required');
      default:
        return t('admin.validation.format');
    }
  }

  /** The parsed request, or null with every field's message shown. */
  function validate(values: unknown): z.output<S> | null {
    reset();
    const parsed = schema.safeParse(values);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.') || '_';
      fieldErrors[key] ??= messageOf(issue);
    }
    return null;
  }

  /** Runs a validated request; a failure shows in plain words, on its fields when the platform named them. */
  async function submit<T>(values: unknown, send: (request: z.output<S>) => Promise<T>): Promise<T | null> {
    const request = validate(values);
    if (request === null) return null;
    busy.value = true;
    try {
      return await send(request);
    } catch (error) {
      formError.value = errorText(error);
      if (error instanceof DeskError) for (const field of error.fields ?? []) fieldErrors[field.path] ??= t('admin.validation.refused');
      return null;
    } finally {
      busy.value = false;
    }
  }

  /** Vuetify's `error-messages` of one field. */
  const errorsOf = (field: string): string[] => (fieldErrors[field] ? [fieldErrors[field]] : []);

  return { fieldErrors, formError, busy, validate, submit, reset, errorsOf };
}
