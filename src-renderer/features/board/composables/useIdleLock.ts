import { onBeforeUnmount, onMounted } from 'vue';

const ACTIVITY = ['keydown', 'pointerdown', 'pointermove', 'wheel'] as const;

/** Calls `lock` after `minutes()` without keyboard or pointer activity (0 = never). */
export function useIdleLock(minutes: () => number, lock: () => void): void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const arm = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const delay = minutes() * 60_000;
    if (delay > 0) timer = setTimeout(lock, delay);
  };
  onMounted(() => {
    for (const name of ACTIVITY) window.addEventListener(name, arm, { passive: true });
    arm();
  });
  onBeforeUnmount(() => {
    for (const name of ACTIVITY) window.removeEventListener(name, arm);
    if (timer) clearTimeout(timer);
  });
}
