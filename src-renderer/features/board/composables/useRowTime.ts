import { computed, type ComputedRef } from 'vue';
import { useI18n } from 'vue-i18n';
import type { BoardRow, BoardSettings } from '../../../../src-shared/board/rows';
import { rowTime, type RowTime } from '../model/view';

const LEVEL_COLOURS = { normal: undefined, amber: 'amber-darken-3', red: 'red-darken-2' } as const;

/** A row's one time in words, and the colour of the wait (the only time coloured). */
export function useRowTime(
  row: () => BoardRow,
  now: () => number,
  settings: () => BoardSettings,
): { time: ComputedRef<RowTime>; text: ComputedRef<string>; color: ComputedRef<string | undefined> } {
  const { t } = useI18n();
  const time = computed(() => rowTime(row(), now(), settings()));
  const text = computed(() => {
    const { kind, minutes, calls } = time.value;
    if (minutes === null) return t(`board.times.${kind}Unknown`);
    return t(`board.times.${kind}`, { minutes, calls: t('board.times.calls', calls) });
  });
  const color = computed(() => (time.value.level ? LEVEL_COLOURS[time.value.level] : undefined));
  return { time, text, color };
}
