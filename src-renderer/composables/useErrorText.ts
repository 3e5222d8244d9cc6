import { useI18n } from 'vue-i18n';
import { DeskError } from '../../src-shared/errors';

/** Plain words for any failure: the error's code picks the sentence, never a raw code or stack. */
export function useErrorText() {
  const { t } = useI18n();
  return (error: unknown): string => t(`errors.${error instanceof DeskError ? error.code : 'INTERNAL'}`);
}
