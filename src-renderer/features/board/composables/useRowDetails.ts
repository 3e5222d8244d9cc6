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
    const { examLabel, practitioner, room, lastCall, linkedExams, startDate, examDone } = row();
    const calledBy = lastCall && t('board.calledBy', { desk: lastCall.deskLabel });
    if (!linkedExams?.length) return [examLabel, practitioner, room, calledBy].filter(Boolean).join(' · ');
    // Each exam has its own practitioner and room: the main one's alone would mislead the second team.
    const exams = [{ examLabel, room, startDate, done: examDone }, ...linkedExams];
    // An exam already done is marked: the patient waits for the next one's team.
    const label = (exam: (typeof exams)[number]) => (exam.done ? `✓ ${exam.examLabel ?? '—'}` : (exam.examLabel ?? '—'));
    if (!options.whole) return [exams.map(label).join(' + '), calledBy].filter(Boolean).join(' · ');
    const each = exams.map((exam) => {
      const where = [exam.startDate && timeOfDay(exam.startDate), exam.room, exam.done && t('board.examDone')].filter(Boolean).join(', ');
      return where ? `${exam.examLabel ?? '—'} (${where})` : (exam.examLabel ?? '—');
    });
    return [t('board.journey', { count: exams.length, exams: each.join(' + ') }), calledBy].filter(Boolean).join(' · ');
  });
}
