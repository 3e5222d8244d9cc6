import { computed, type ComputedRef } from 'vue';
import { useI18n } from 'vue-i18n';
import type { BoardRow } from '../../../../src-shared/board/rows';
import { useTimeOfDay } from '../../../composables/useRegionalLocale';

/**
 * Everything a row says of its visit: exam, practitioner, room, the desk that called. A patient
 * checked in for several exams under one ticket shows them all ("IRM du genou + Scanner
 * thoracique"); `whole` (the tooltip, the chosen row's panel) gives each one's time and room.
 */
export function useRowDetails(row: () => BoardRow, options: { whole?: boolean } = {}): ComputedRef<string> {
  const { t } = useI18n();
  const timeOfDay = useTimeOfDay();
  return computed(() => {
    const { examLabel, practitioner, room, lastCall, linkedExams, startDate } = row();
    const calledBy = lastCall && t('board.calledBy', { desk: lastCall.deskLabel });
    if (!linkedExams?.length) return [examLabel, practitioner, room, calledBy].filter(Boolean).join(' · ');
    // Each exam has its own practitioner and room: the main one's alone would mislead the second team.
    const exams = [{ examLabel, room, startDate }, ...linkedExams];
    if (!options.whole) return [exams.map((exam) => exam.examLabel ?? '—').join(' + '), calledBy].filter(Boolean).join(' · ');
    const each = exams.map((exam) => {
      const where = [exam.startDate && timeOfDay(exam.startDate), exam.room].filter(Boolean).join(', ');
      return where ? `${exam.examLabel ?? '—'} (${where})` : (exam.examLabel ?? '—');
    });
    return [t('board.journey', { count: exams.length, exams: each.join(' + ') }), calledBy].filter(Boolean).join(' · ');
  });
}
