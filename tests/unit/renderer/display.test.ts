import { flushPromises, mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createVuetify } from 'vuetify';
import type { DisplayCalls } from '../../../src-shared/ipc/features/display.contract';
import DisplayView from '../../../src-renderer/features/display/views/DisplayView.vue';
import { createDeskI18n } from '../../../src-renderer/plugins/i18n';
import { deskEmit, deskReplies } from './setup';

const call = (ticketId: string, formattedNumber: string, at: string) => ({ ticketId, formattedNumber, deskLabel: 'Accueil 2', at });

describe('public display', () => {
  afterEach(() => {
    vi.useRealTimers();
    deskReplies.clear();
  });

  it('shows the newest call large, chimes only for calls it has not shown yet, and says when it is not live', async () => {
    vi.useFakeTimers();
    let answer: DisplayCalls = { revision: 1, calls: [call('t1', 'I004', '2026-11-23T09:00:00+01:00')], live: true };
    deskReplies.set('display/calls', () => ({ ok: true, value: answer }));
    const wrapper = mount(DisplayView, { global: { plugins: [createPinia(), createDeskI18n('fr'), createVuetify()] } });
    await flushPromises();
    expect(wrapper.find('[data-testid="display-latest-number"]').text()).toBe('I004');
    // Already on screen when the display opened: no chime.
    expect(wrapper.find('[data-testid="public-display"]').attributes('data-chimes')).toBe('0');

    answer = { revision: 2, calls: [call('t2', 'S010', '2026-11-23T09:05:00+01:00'), ...answer.calls], live: true };
    await vi.advanceTimersByTimeAsync(1_600);
    expect(wrapper.find('[data-testid="display-latest-number"]').text()).toBe('S010');
    expect(wrapper.find('[data-testid="display-latest-desk"]').text()).toContain('Accueil 2');
    expect(wrapper.find('[data-testid="public-display"]').attributes('data-chimes')).toBe('1');

    // Same calls again: silence. A recall (same ticket, new time) chimes again.
    await vi.advanceTimersByTimeAsync(1_600);
    expect(wrapper.find('[data-testid="public-display"]').attributes('data-chimes')).toBe('1');
    answer = { revision: 3, calls: [call('t1', 'I004', '2026-11-23T09:07:00+01:00'), call('t2', 'S010', '2026-11-23T09:05:00+01:00')], live: false };
    await vi.advanceTimersByTimeAsync(1_600);
    expect(wrapper.find('[data-testid="public-display"]').attributes('data-chimes')).toBe('2');
    expect(wrapper.find('[data-testid="display-offline"]').text()).toBe('Affichage momentanément non actualisé');
    wrapper.unmount();
  });

  it('offline, says since when and presents no call as the current one; live again, the newest call is large again', async () => {
    vi.useFakeTimers();
    const calls = [call('t2', 'S010', '2026-11-23T09:05:00+01:00'), call('t1', 'I004', '2026-11-23T09:00:00+01:00')];
    let answer: DisplayCalls = { revision: 4, calls, live: true };
    deskReplies.set('display/calls', () => ({ ok: true, value: answer }));
    const wrapper = mount(DisplayView, { global: { plugins: [createPinia(), createDeskI18n('fr'), createVuetify()] } });
    await flushPromises();
    expect(wrapper.find('[data-testid="display-latest-number"]').text()).toBe('S010');
    answer = { revision: 5, calls, live: false, offlineSince: '2026-11-23T09:42:00+01:00' };
    await vi.advanceTimersByTimeAsync(1_600);
    const since = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' }).format(new Date('2026-11-23T09:42:00+01:00'));
    expect(wrapper.find('[data-testid="display-offline"]').text()).toBe(`Hors ligne depuis ${since}`);
    expect(wrapper.find('[data-testid="display-latest"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="display-no-current"]').exists()).toBe(true);
    expect(wrapper.text()).toContain('S010');
    answer = { revision: 6, calls, live: true };
    await vi.advanceTimersByTimeAsync(1_600);
    expect(wrapper.find('[data-testid="display-latest-number"]').text()).toBe('S010');
    expect(wrapper.find('[data-testid="display-offline"]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('shows and chimes a call pushed by main at once, without waiting for the next poll', async () => {
    vi.useFakeTimers();
    const first: DisplayCalls = { revision: 7, calls: [call('t1', 'I004', '2026-11-23T09:00:00+01:00')], live: true };
    deskReplies.set('display/calls', () => ({ ok: true, value: first }));
    const wrapper = mount(DisplayView, { global: { plugins: [createPinia(), createDeskI18n('fr'), createVuetify()] } });
    await flushPromises();
    deskEmit('display/callsChanged', { revision: 8, calls: [call('t3', 'R002', '2026-11-23T09:06:00+01:00'), ...first.calls], live: true });
    await flushPromises();
    expect(wrapper.find('[data-testid="display-latest-number"]').text()).toBe('R002');
    expect(wrapper.find('[data-testid="public-display"]').attributes('data-chimes')).toBe('1');
    wrapper.unmount();
  });

  it('a poll answered after a newer push changes nothing: the pushed call stays on screen and chimes once', async () => {
    vi.useFakeTimers();
    const before: DisplayCalls = { revision: 1, calls: [call('t1', 'I004', '2026-11-23T09:00:00+01:00')], live: true };
    deskReplies.set('display/calls', () => ({ ok: true, value: before }));
    const wrapper = mount(DisplayView, { global: { plugins: [createPinia(), createDeskI18n('fr'), createVuetify()] } });
    await flushPromises();
    // The next poll leaves before the call and is answered after main has pushed it.
    let answerPoll: (answer: DisplayCalls) => void = () => undefined;
    deskReplies.set('display/calls', () => new Promise((resolve) => (answerPoll = (value) => resolve({ ok: true, value }))) as never);
    await vi.advanceTimersByTimeAsync(1_600);
    const after: DisplayCalls = { revision: 2, calls: [call('t3', 'R002', '2026-11-23T09:06:00+01:00'), ...before.calls], live: true };
    deskEmit('display/callsChanged', after);
    await flushPromises();
    expect(wrapper.find('[data-testid="public-display"]').attributes('data-chimes')).toBe('1');
    answerPoll(before);
    await flushPromises();
    expect(wrapper.find('[data-testid="display-latest-number"]').text()).toBe('R002');
    // The polls that follow bring the same call: it was announced already.
    deskReplies.set('display/calls', () => ({ ok: true, value: { ...after, revision: 3 } }));
    await vi.advanceTimersByTimeAsync(1_600);
    expect(wrapper.find('[data-testid="display-latest-number"]').text()).toBe('R002');
    expect(wrapper.find('[data-testid="public-display"]').attributes('data-chimes')).toBe('1');
    wrapper.unmount();
  });

  it('says where to go in order, the desk then the room, in the screen\'s language; without a room, the desk alone', async () => {
    const calls = [{ ...call('t2', 'I002', '2026-11-23T09:05:00+01:00'), deskLabel: 'Accueil 1', room: 'IRM 1' }, call('t1', 'S010', '2026-11-23T09:00:00+01:00')];
    deskReplies.set('display/calls', () => ({ ok: true, value: { revision: 9, calls, live: true } }));
    for (const [locale, latest, earlier] of [
      ['fr', 'Accueil 1, puis Salle IRM 1', 'Accueil 2'],
      ['en', 'Accueil 1, then Room IRM 1', 'Accueil 2'],
    ] as const) {
      const wrapper = mount(DisplayView, { global: { plugins: [createPinia(), createDeskI18n(locale), createVuetify()] } });
      await flushPromises();
      expect(wrapper.find('[data-testid="display-latest-desk"]').text()).toBe(`➜ ${latest}`);
      expect(wrapper.find('.display__earlier-desk').text()).toBe(earlier);
      wrapper.unmount();
    }
  });

  it('heads the screen with the clinic main names, and with its own title in its language when main knows none', async () => {
    deskReplies.set('display/calls', () => ({ ok: true, value: { revision: 10, calls: [], live: true, clinic: 'Accueil IRM – Scanner' } }));
    const named = mount(DisplayView, { global: { plugins: [createPinia(), createDeskI18n('fr'), createVuetify()] } });
    await flushPromises();
    expect(named.find('[data-testid="display-clinic"]').text()).toBe('Accueil IRM – Scanner');
    named.unmount();
    deskReplies.set('display/calls', () => ({ ok: true, value: { revision: 11, calls: [], live: true, clinic: null } }));
    const unnamed = mount(DisplayView, { global: { plugins: [createPinia(), createDeskI18n('en'), createVuetify()] } });
    await flushPromises();
    expect(unnamed.find('[data-testid="display-clinic"]').text()).toBe('Patient calls');
    unnamed.unmount();
  });
});
