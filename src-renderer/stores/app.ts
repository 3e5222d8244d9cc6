import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { platformNow as onPlatformClock, UNMEASURED_CLOCK } from '../../src-shared/clock';
import type { AppInfo, ConnectionState } from '../../src-shared/ipc/contract';
import { desk, link, unwrap } from '../bridge/desk';
import { takeAppInfo } from '../boot/first-questions';

/** What the app bar shows: which desk this is and whether its backends answer. */
export const useAppStore = defineStore('app', () => {
  const info = ref<AppInfo | null>(null);
  const connection = ref<ConnectionState>({ publisher: 'unknown', checkedAt: null });
  let stopListening: (() => void) | null = null;
  let loading: Promise<void> | null = null;

  const training = computed(() => info.value?.training ?? false);
  /** One state for the indicator: the app link first, then the publisher. */
  const indicator = computed(() => {
    if (link.value === 'down') return 'appDown' as const;
    if (link.value === 'connecting') return 'appConnecting' as const;
    return connection.value.publisher;
  });

  /** The platform's clock against this desk's, as main measures it (no offset before its first answer). */
  const clock = computed(() => connection.value.clock ?? UNMEASURED_CLOCK);
  /** Now on the platform's clock: waits and their colours are counted against it, never the desk's own clock. */
  function platformNow(): number {
    return onPlatformClock(clock.value);
  }

  async function load(): Promise<void> {
    stopListening ??= desk.on.connection.changed((state) => {
      connection.value = state;
    });
    const [appInfo, state] = await Promise.all([unwrap(takeAppInfo()), unwrap(desk.connection.status())]);
    info.value = appInfo;
    connection.value = state;
  }

  /** Loads once (the router needs it before the first page, App.vue when it mounts); a failure is tried again next time. */
  function ensureLoaded(): Promise<void> {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  }

  /** Staff have read the notice: main forgets it (a damaged file's notice is otherwise shown at every start). */
  async function acknowledgeNotice(id: string): Promise<void> {
    const notices = await unwrap(desk.app.acknowledgeNotice({ id }));
    if (info.value) info.value = { ...info.value, notices };
  }

  return { info, connection, clock, platformNow, training, indicator, load, ensureLoaded, acknowledgeNotice };
});
