import { computed, type ComputedRef } from 'vue';
import { useI18n } from 'vue-i18n';
import type { BoardRow } from '../../../../src-shared/board/rows';

/** Everything a row says of its visit, whole: exam, practitioner, room, the desk that called. */
export function useRowDetails(row: () => BoardRow): ComputedRef<string> {
  const { t } = useI18n();
  return computed(() => {
    const { examLabel, practitioner, room, lastCall } = row();
    return [examLabel, practitioner, room, lastCall && t('board.calledBy', { desk: lastCall.deskLabel })].filter(Boolean).join(' · ');
  });
}
