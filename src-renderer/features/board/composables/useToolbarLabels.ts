import { computed, type ComputedRef } from 'vue';
import { useDisplay } from 'vuetify';

/**
 * From this window width the toolbar's buttons say what they are beside their icon: a temporary
 * receptionist reads them without training, and at 1366 px (the clinics' laptops) they still
 * fit on one row in French. Narrower, icons only (tooltip and accessible name kept), so call
 * next and the patients' names keep their room.
 */
export const TOOLBAR_LABELS_FROM_PX = 1366;

export function useToolbarLabels(): ComputedRef<boolean> {
  const { width } = useDisplay();
  return computed(() => width.value >= TOOLBAR_LABELS_FROM_PX);
}
