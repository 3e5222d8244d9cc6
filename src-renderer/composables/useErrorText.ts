import { useI18n } from 'vue-i18n';
import { DeskError } from '../../src-shared/errors';

/** Plain words for any failure: the error's code picks the sentence, never a raw code or stack. */
export function useErrorText() {
  const { t } = useI18n();
  /** A wait in words: seconds under two minutes, whole minutes after. */
  const waitOf = (seconds: number): string =>
    seconds < 120 ? t('wait.seconds', seconds) : t('wait.minutes', Math.ceil(seconds / 60));
  return (error: unknown): string => {
    if (!(error instanceof DeskError)) return t('errors.INTERNAL');
    // Messages without {wait} ignore it; the sentence asks for one only where the desk gives it.
    return t(`errors.${error.code}`, { wait: waitOf(error.retryAfterSeconds ?? 60), host: error.host ?? '' });
  };
}
