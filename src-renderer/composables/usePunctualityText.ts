import { useI18n } from 'vue-i18n';
import { gapWords, type Punctuality } from '../../src-shared/board/punctuality';
import { useTimeOfDay } from './useRegionalLocale';

export interface PunctualityWords {
  /** The mark itself: « En avance », "Late". */
  mark: string;
  /** What it stands for, with the appointment's time: « Arrivée 4 h avant le rendez-vous de 06:45 ». */
  sentence: string;
}

/** An arrival's punctuality in the staff's words; never a patient's name, only times. */
export function usePunctualityText(): (appointmentAt: string, result: Punctuality) => PunctualityWords {
  const { t } = useI18n();
  const timeOfDay = useTimeOfDay();
  return (appointmentAt, result) => {
    const time = timeOfDay(appointmentAt);
    let sentence = t('punctuality.exact', { time });
    if (result.minutes > 0) sentence = t(result.before ? 'punctuality.before' : 'punctuality.after', { gap: gapWords(result.minutes), time });
    return { mark: t(`punctuality.marks.${result.mark}`), sentence };
  };
}
