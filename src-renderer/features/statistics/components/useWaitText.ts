import { useI18n } from 'vue-i18n';
import { roundedWait, type WaitEstimate } from '../../../../src-shared/statistics/wait-estimate';

/** An estimated wait as people read it ("~15 min", "—") and where it comes from, in the screen's language. */
export function useWaitText() {
  const { t } = useI18n();
  const shown = (estimate: WaitEstimate): string =>
    estimate.minutes === null ? t('statistics.none') : t('statistics.waitEstimate.value', { minutes: roundedWait(estimate.minutes) });
  const explained = (estimate: WaitEstimate): string => {
    const { examType, sample: count } = estimate;
    if (estimate.minutes === null) return t('statistics.waitEstimate.notEnough');
    if (examType === '') return t('statistics.waitEstimate.basisAll', { count });
    return t(estimate.basis === 'examType' ? 'statistics.waitEstimate.basisExamType' : 'statistics.waitEstimate.basisOffice', { examType, count });
  };
  return { shown, explained };
}
