import { storeToRefs } from 'pinia';
import { onBeforeUnmount, onMounted, ref, watch, type Ref } from 'vue';
import { useAppStore } from '../stores/app';

/**
 * Now on the platform's clock, refreshed every `everyMs` and at once when main measures a new
 * offset. Waits and their colours are counted from the platform's timestamps, so they are counted
 * against this, never against the desk's own clock (a PC 3 minutes off would show wrong waits).
 */
export function usePlatformNow(everyMs: number): Ref<number> {
  const app = useAppStore();
  const { clock } = storeToRefs(app);
  const now = ref(app.platformNow());
  watch(clock, () => (now.value = app.platformNow()));
  let tick: ReturnType<typeof setInterval> | undefined;
  onMounted(() => (tick = setInterval(() => (now.value = app.platformNow()), everyMs)));
  onBeforeUnmount(() => clearInterval(tick));
  return now;
}
