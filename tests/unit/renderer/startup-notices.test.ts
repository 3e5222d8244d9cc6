import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createVuetify } from 'vuetify';
import type { AppInfo, StartupNotice } from '../../../src-shared/ipc/contract';
import StartupNotices from '../../../src-renderer/components/StartupNotices.vue';
import { createDeskI18n, type Locale } from '../../../src-renderer/plugins/i18n';
import { useAppStore } from '../../../src-renderer/stores/app';
import { deskCalls, deskReplies } from './setup';

const queueNotice: StartupNotice = {
  kind: 'file-damaged',
  id: 'n-queue',
  file: 'print-queue.json',
  keptAs: 'print-queue.json.corrupt',
  lost: 2,
  recovered: 3,
};
const boardNotice: StartupNotice = { kind: 'file-damaged', id: 'n-board', file: 'board-settings.json', keptAs: 'board-settings.json.corrupt', lost: null, recovered: null };

function info(notices: StartupNotice[]): AppInfo {
  return { name: 'Desk', version: '1', runtime: 'web', training: true, profileName: 'Formation', trainingAccounts: [], notices, unconnected: null };
}

async function mountNotices(locale: Locale, notices: StartupNotice[]) {
  const pinia = createPinia();
  setActivePinia(pinia);
  deskReplies.set('app/info', () => ({ ok: true, value: info(notices) }));
  deskReplies.set('connection/status', () => ({ ok: true, value: { publisher: 'online', checkedAt: null } }));
  await useAppStore().load();
  const wrapper = mount(StartupNotices, { global: { plugins: [pinia, createDeskI18n(locale), createVuetify()] } });
  await flushPromises();
  return wrapper;
}

describe('start-up notices', () => {
  beforeEach(() => {
    deskCalls.length = 0;
    deskReplies.clear();
  });

  it('names what was lost in plain French, file names and counts only', async () => {
    const wrapper = await mountNotices('fr', [queueNotice, boardNotice]);
    const texts = wrapper.findAll('[data-testid="startup-notice"]').map((notice) => notice.text());
    expect(texts[0]).toContain(
      "2 tickets en attente d'impression n'ont pas pu être lus\u00a0; 3 récupéré(s)\u00a0; le fichier est conservé sous print-queue.json.corrupt.",
    );
    expect(texts[1]).toContain('Les réglages du tableau');
    expect(texts[1]).toContain('board-settings.json.corrupt');
  });

  it('speaks English when the desk is set to English', async () => {
    const wrapper = await mountNotices('en', [{ ...queueNotice, lost: 1, recovered: 0 }]);
    expect(wrapper.find('[data-testid="startup-notice"]').text()).toContain(
      '1 ticket waiting to print could not be read; the file is kept as print-queue.json.corrupt.',
    );
  });

  it('a queue whose losses could not be counted is told as unreadable, never as "none lost"', async () => {
    const wrapper = await mountNotices('fr', [{ ...queueNotice, lost: null, recovered: null }]);
    expect(wrapper.find('[data-testid="startup-notice"]').text()).toContain(
      "La file d'impression était illisible\u00a0; le fichier est conservé sous print-queue.json.corrupt.",
    );
  });

  it('tells a damaged or altered record of actions by its line, in French and in English', async () => {
    const damaged: StartupNotice = { kind: 'audit-damaged', id: 'n-audit', keptAs: 'board-audit.jsonl.corrupt', line: 6 };
    const altered: StartupNotice = { kind: 'audit-altered', id: 'n-altered', line: 4, others: 2 };
    const french = (await mountNotices('fr', [damaged, altered])).findAll('[data-testid="startup-notice"]').map((notice) => notice.text());
    expect(french[0]).toContain('illisible à partir de la ligne 6\u00a0: cette partie est conservée sous board-audit.jsonl.corrupt');
    expect(french[1]).toContain('il ne se suit plus à la ligne 4 et à 2 autres endroits (cette ligne ou celle d\'avant a été changée');
    const english = (await mountNotices('en', [damaged, { ...altered, others: 0 }])).findAll('[data-testid="startup-notice"]').map((notice) => notice.text());
    expect(english[0]).toContain('could not be read from line 6: that part is kept as board-audit.jsonl.corrupt');
    expect(english[1]).toContain('it no longer follows on at line 4 (that line or the one before it was changed');
  });

  it('stays until "understood" is pressed, then asks main to forget that notice only', async () => {
    const wrapper = await mountNotices('fr', [queueNotice, boardNotice]);
    deskReplies.set('app/acknowledgeNotice', () => ({ ok: true, value: [boardNotice] }));
    await wrapper.findAll('[data-testid="startup-notice-acknowledge"]')[0]!.trigger('click');
    await vi.waitFor(() => expect(wrapper.findAll('[data-testid="startup-notice"]')).toHaveLength(1));
    expect(deskCalls.filter((call) => call.channel === 'app/acknowledgeNotice').map((call) => call.request)).toEqual([{ id: 'n-queue' }]);
    expect(wrapper.find('[data-testid="startup-notice"]').text()).toContain('board-settings.json.corrupt');
  });

  it('keeps the notice on screen when main could not record the acknowledgement', async () => {
    const wrapper = await mountNotices('fr', [queueNotice]);
    deskReplies.set('app/acknowledgeNotice', () => ({ ok: false, error: { code: 'INTERNAL', message: 'x' } }));
    await wrapper.find('[data-testid="startup-notice-acknowledge"]').trigger('click');
    await vi.waitFor(() => expect(deskCalls.some((call) => call.channel === 'app/acknowledgeNotice')).toBe(true));
    await flushPromises();
    expect(wrapper.findAll('[data-testid="startup-notice"]')).toHaveLength(1);
  });
});
