import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVuetify } from 'vuetify';
import type { AboutDesk, DiagnosticsExport } from '../../../src-shared/ipc/features/diagnostics.contract';
import type { TechnicianState } from '../../../src-shared/ipc/features/technician.contract';
import type { DeskResult } from '../../../src-shared/result';
import DiagnosticsSection from '../../../src-renderer/features/settings/components/DiagnosticsSection.vue';
import { createDeskI18n, type Locale } from '../../../src-renderer/plugins/i18n';
import { useTechnicianStore } from '../../../src-renderer/stores/technician';
import { deskCalls, deskEmit, deskReplies } from './setup';

const ABOUT: AboutDesk = {
  versions: { app: '0.1.0', electron: '45.4.1', chromium: '142.0.7444.52', node: '22.20.0', os: 'Windows_NT 10.0.26100 x64' },
  dataDir: 'C:\\Users\\accueil\\AppData\\Roaming\\Desk Console',
};
const ARCHIVE: DiagnosticsExport = {
  fileName: 'desk-diagnostics-20261127-0912.zip',
  base64: btoa('PK fake zip'),
  entries: ['versions.json', 'profile.json', 'notices.json', 'printer.json', 'checks.json', 'access-rules.json', 'logs/desk.2026-11-27.1.log'],
};
const OPEN: TechnicianState = { open: true, expiresAt: '2026-11-27T10:00:00+01:00', pinSet: true, supervisorSignedIn: false, trainingPin: null };

async function mountSection(locale: Locale, open: boolean) {
  const pinia = createPinia();
  setActivePinia(pinia);
  deskReplies.set('technician/state', () => ({ ok: true, value: { ...OPEN, open, expiresAt: open ? OPEN.expiresAt : null } }));
  await useTechnicianStore().load();
  const wrapper = mount(DiagnosticsSection, { global: { plugins: [pinia, createDeskI18n(locale), createVuetify()] } });
  await flushPromises();
  return wrapper;
}

const text = (wrapper: Awaited<ReturnType<typeof mountSection>>, id: string) => wrapper.find(`[data-testid="${id}"]`).text();

describe('settings: About card versions and the diagnostics export', () => {
  let clicked: ReturnType<typeof vi.spyOn>;
  let saved: Blob[];

  beforeEach(() => {
    deskCalls.length = 0;
    deskReplies.clear();
    deskReplies.set('diagnostics/about', () => ({ ok: true, value: ABOUT }));
    saved = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:diagnostics';
    });
    URL.revokeObjectURL = vi.fn();
    clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });
  afterEach(() => clicked.mockRestore());

  it('shows nothing and asks main nothing while technician mode is closed, then the versions and data folder once it opens', async () => {
    const wrapper = await mountSection('fr', false);
    expect(wrapper.find('[data-testid="diagnostics-export"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="about-data-folder"]').exists()).toBe(false);
    expect(deskCalls.some((call) => call.channel === 'diagnostics/about')).toBe(false);

    deskEmit('technician/changed', OPEN);
    await flushPromises();
    expect(text(wrapper, 'about-electron')).toContain('45.4.1');
    expect(text(wrapper, 'about-chromium')).toContain('142.0.7444.52');
    expect(text(wrapper, 'about-node')).toContain('22.20.0');
    expect(text(wrapper, 'about-os')).toContain("Système d'exploitation");
    expect(text(wrapper, 'about-data-folder')).toContain('Dossier de données');
    expect(text(wrapper, 'about-data-folder')).toContain(ABOUT.dataDir);
    expect(text(wrapper, 'diagnostics-export')).toBe('Exporter le diagnostic');
    wrapper.unmount();
  });

  it('exports in French: progress while main builds the archive, then the file saved as a download and said in plain words', async () => {
    let answer!: (result: DeskResult<unknown>) => void;
    const pending = new Promise<DeskResult<unknown>>((resolve) => (answer = resolve));
    deskReplies.set('diagnostics/export', () => pending as unknown as DeskResult<unknown>);
    const wrapper = await mountSection('fr', true);
    await wrapper.find('[data-testid="diagnostics-export"]').trigger('click');
    await flushPromises();
    expect(text(wrapper, 'diagnostics-progress')).toBe("Préparation de l'archive…");
    answer({ ok: true, value: ARCHIVE });
    await flushPromises();

    expect(wrapper.find('[data-testid="diagnostics-progress"]').exists()).toBe(false);
    expect(text(wrapper, 'diagnostics-result')).toContain('Archive enregistrée dans les téléchargements\u00a0: desk-diagnostics-20261127-0912.zip (7 fichiers).');
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.type).toBe('application/zip');
    expect(await saved[0]!.text()).toBe('PK fake zip');
    wrapper.unmount();
  });

  it('in English: the versions, "not applicable" outside Electron, and a failure said in plain words without a download', async () => {
    deskReplies.set('diagnostics/about', () => ({ ok: true, value: { ...ABOUT, versions: { ...ABOUT.versions, electron: null, chromium: null } } }));
    deskReplies.set('diagnostics/export', () => ({ ok: false, error: { code: 'INTERNAL', message: 'disk full' } }));
    const wrapper = await mountSection('en', true);
    expect(text(wrapper, 'about-electron')).toContain('Not applicable (browser preview)');
    expect(text(wrapper, 'about-os')).toContain('Operating system');
    expect(text(wrapper, 'about-os')).toContain('Windows_NT 10.0.26100 x64');
    expect(text(wrapper, 'about-data-folder')).toContain('Data folder');
    expect(text(wrapper, 'diagnostics-export')).toBe('Export diagnostics');

    await wrapper.find('[data-testid="diagnostics-export"]').trigger('click');
    await flushPromises();
    expect(text(wrapper, 'diagnostics-result')).toBe('The archive could not be prepared: Something unexpected happened. Try again; if it persists, contact support.');
    expect(text(wrapper, 'diagnostics-result')).not.toContain('disk full');
    expect(clicked).not.toHaveBeenCalled();
    wrapper.unmount();
  });
});
