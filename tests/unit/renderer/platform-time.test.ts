import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { createVuetify } from 'vuetify';
import { DEFAULT_BOARD_SETTINGS } from '../../../src-shared/board/rows';
import type { PlatformClock } from '../../../src-shared/clock';
import BoardRowItem from '../../../src-renderer/features/board/components/BoardRowItem.vue';
import ClockDrift from '../../../src-renderer/features/settings/components/ClockDrift.vue';
import { usePlatformNow } from '../../../src-renderer/composables/usePlatformNow';
import { createDeskI18n, type Locale } from '../../../src-renderer/plugins/i18n';
import { useAppStore } from '../../../src-renderer/stores/app';
import { row } from './board/rows';
import { deskEmit, deskReplies } from './setup';

const MINUTES = 60_000;
/** The platform's time; this PC's clock is 3 minutes behind it. */
const PLATFORM = Date.parse('2026-11-27T10:00:00+01:00');
const DESK = PLATFORM - 3 * MINUTES;
const measured = (offsetMs: number): PlatformClock => ({ offsetMs, samples: 5, drifting: Math.abs(offsetMs) > MINUTES, measuredAt: new Date(PLATFORM).toISOString() });

/** A board row drawn against the platform's now, as BoardView draws its rows. */
const RowOnPlatformTime = defineComponent({
  setup() {
    const now = usePlatformNow(15_000);
    // Arrived 16 minutes ago on the platform's clock: amber at the default 15-minute threshold.
    const arrived = row({ ticketId: 'i005', checkedInAt: new Date(PLATFORM - 16 * MINUTES).toISOString() });
    return () => h(BoardRowItem, { row: arrived, now: now.value, settings: DEFAULT_BOARD_SETTINGS, selected: false });
  },
});

async function loadedApp(clock: PlatformClock | undefined) {
  const pinia = createPinia();
  setActivePinia(pinia);
  deskReplies.set('app/info', () => ({ ok: true, value: { name: 'Desk', version: '1', runtime: 'web', training: false, profileName: 'Clinique', trainingAccounts: [], notices: [], unconnected: null } }));
  deskReplies.set('connection/status', () => ({ ok: true, value: { publisher: 'online', checkedAt: null, ...(clock ? { clock } : {}) } }));
  await useAppStore().load();
  return pinia;
}

const plugins = (pinia: ReturnType<typeof createPinia>, locale: Locale = 'fr') => [pinia, createDeskI18n(locale), createVuetify()];

describe('waits on the platform clock', () => {
  afterEach(() => {
    vi.useRealTimers();
    deskReplies.clear();
  });

  it('a PC whose clock is 3 minutes behind shows the wait and the colour the platform times give, and follows a new offset at once', async () => {
    vi.useFakeTimers({ now: DESK });
    const pinia = await loadedApp(measured(3 * MINUTES));
    const wrapper = mount(RowOnPlatformTime, { global: { plugins: plugins(pinia) } });
    const wait = () => wrapper.find('[data-testid="row-wait"]');
    expect(wait().text()).toBe('16 min');
    expect(wait().attributes('data-level')).toBe('amber');
    // Main measures the PC drifting one more minute: the wait follows at once, without waiting for the next tick.
    deskEmit('connection/changed', { publisher: 'online', checkedAt: null, clock: measured(4 * MINUTES) });
    await flushPromises();
    expect(wait().text()).toBe('17 min');
    wrapper.unmount();
  });

  it('before the platform answered, the PC clock is all there is', async () => {
    vi.useFakeTimers({ now: DESK });
    const pinia = await loadedApp(undefined);
    const wrapper = mount(RowOnPlatformTime, { global: { plugins: plugins(pinia) } });
    expect(wrapper.find('[data-testid="row-wait"]').text()).toBe('13 min');
    wrapper.unmount();
  });
});

describe('settings: the desk clock', () => {
  afterEach(() => deskReplies.clear());

  it('warns the technician of a drift over one minute, in French and English, and says nothing alarming within a minute', async () => {
    const drifting = await loadedApp(measured(3 * MINUTES + 5_000));
    const french = mount(ClockDrift, { global: { plugins: plugins(drifting) } });
    expect(french.find('[data-testid="clock-drift"]').text()).toContain("L'horloge de ce poste retarde de 3\u00a0min 05\u00a0s sur celle de la plateforme");
    const english = mount(ClockDrift, { global: { plugins: plugins(drifting, 'en') } });
    expect(english.find('[data-testid="clock-drift"]').text()).toContain("This desk's clock is 3 min 05 s behind the platform's");
    const ahead = mount(ClockDrift, { global: { plugins: plugins(await loadedApp(measured(-2 * MINUTES)), 'en') } });
    expect(ahead.find('[data-testid="clock-drift"]').text()).toContain('2 min 00 s ahead of');

    const close = mount(ClockDrift, { global: { plugins: plugins(await loadedApp(measured(20_000))) } });
    expect(close.find('[data-testid="clock-drift"]').exists()).toBe(false);
    expect(close.find('[data-testid="clock-state"]').text()).toContain("À l'heure de la plateforme");
  });
});
