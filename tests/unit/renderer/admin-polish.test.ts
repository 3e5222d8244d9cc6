import { flushPromises } from '@vue/test-utils';
import type { Pinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import IntegrationsPanel from '../../../src-renderer/features/admin/components/IntegrationsPanel.vue';
import LicencesPanel from '../../../src-renderer/features/admin/components/LicencesPanel.vue';
import SetPassword from '../../../src-renderer/features/admin/components/SetPassword.vue';
import UsersPanel from '../../../src-renderer/features/admin/components/UsersPanel.vue';
import { useAdminStore } from '../../../src-renderer/features/admin/stores/admin';
import { useAppStore } from '../../../src-renderer/stores/app';
import type { AppInfo } from '../../../src-shared/ipc/contract';
import type { LicenceIntegrations, OutboxMessageBody } from '../../../src-shared/platform/admin';
import { PROBED_CONFIG_ROUTES, type ConfigProbeResult } from '../../../src-shared/publisher/probe';
import { adminSession as session, adminUser, called, freshAdminStore, messagesOf, mountWith } from './admin-fixtures';
import { deskReplies } from './setup';

const click = (testId: string) => (document.querySelector(`[data-testid="${testId}"]`) as HTMLElement).click();
const textOf = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent?.trim() ?? '';

const mail: OutboxMessageBody = {
  id: 1,
  to: 'invite@formation.example',
  subject: 'Invitation à la plateforme des bornes (formation)',
  text: 'Bonjour Noé,',
  token: 'abc',
  kind: 'invitation',
  link: 'http://127.0.0.1:8400/set-password?email=invite%40formation.example&token=abc',
  sentAt: '2026-11-24T12:05:00.000Z',
};

const lyon: LicenceIntegrations = {
  licenceId: 1,
  activeIntegration: 'PUBLISHER',
  publisher: {
    licenceId: 1,
    officeId: 'LYON',
    officeVisibleId: 'LYON',
    targetUrl: null,
    contractBaseUrl: 'http://127.0.0.1:8401/api/kioskIntegrationService/v1',
    configServiceBaseUrl: null,
  },
  testServer: null,
  staticReferential: null,
};

const passed: ConfigProbeResult = {
  ok: true,
  routes: PROBED_CONFIG_ROUTES.map((route) => ({ route, path: `/${route}`, ok: true, status: 200, code: null, reason: 'OK', durationMs: 3, count: 2 })),
};

describe('admin polish', () => {
  let pinia: Pinia;
  beforeEach(() => {
    pinia = freshAdminStore();
  });

  it.each([
    ['en', 'Nov 24, 2026'],
    ['fr', '24 nov. 2026'],
  ] as const)('training mailbox (%s): when each e-mail was sent, as a local date and time, never ISO', async (locale, day) => {
    useAppStore().info = { training: true } as AppInfo;
    deskReplies.set('admin/trainingOutbox', () => ({ ok: true, value: { messages: [mail] } }));
    const wrapper = mountWith(SetPassword, pinia, locale);
    click('open-mailbox');
    await vi.waitFor(() => expect(textOf('mail-1')).toContain('invite@formation.example'));
    expect(textOf('mail-1')).toContain(day);
    expect(textOf('mail-1')).toMatch(/\d{1,2}:05/);
    expect(textOf('mail-1')).not.toContain('2026-11-24T');
    wrapper.unmount();
  });

  it('user form: cockpit access says what it grants', async () => {
    deskReplies.set('admin/listUsers', () => ({ ok: true, value: { items: [adminUser], total: 1 } }));
    const wrapper = mountWith(UsersPanel, pinia, 'en');
    await flushPromises();
    click('user-create');
    await vi.waitFor(() => expect(document.querySelector('[data-testid="user-cockpit"]')).not.toBeNull());
    expect(messagesOf('user-cockpit')).toBe("The cockpit is the platform's own web pages (sign-in, tools), outside this desk. It grants no right here: those come from the role.");
    wrapper.unmount();
  });

  it('licences open sorted by name, ascending', async () => {
    useAdminStore().session = { ...session, user: { ...adminUser, role: 'superadmin' } };
    deskReplies.set('admin/listLicences', () => ({ ok: true, value: { items: [], total: 0 } }));
    const wrapper = mountWith(LicencesPanel, pinia);
    await vi.waitFor(() => expect(called('admin/listLicences')).toHaveLength(1));
    expect(called('admin/listLicences')[0]?.request).toMatchObject({ sortBy: [{ key: 'name', order: 'asc' }] });
    wrapper.unmount();
  });

  it('integrations: the last probe of a configuration shows again without a new check, until the configuration changes', async () => {
    let integrations = lyon;
    deskReplies.set('admin/integrations', () => ({ ok: true, value: integrations }));
    deskReplies.set('admin/probeIntegration', () => ({ ok: true, value: passed }));
    const lockState = () => document.querySelector('[data-testid="kiosk-lock"]')?.getAttribute('data-state');

    const first = mountWith(IntegrationsPanel, pinia);
    await vi.waitFor(() => expect(lockState()).toBe('unknown'));
    click('publisher-probe');
    await vi.waitFor(() => expect(lockState()).toBe('unlocked'));
    first.unmount();

    // Shown again (another tab, another section of the desk): the check that passed still stands.
    const again = mountWith(IntegrationsPanel, pinia);
    await vi.waitFor(() => expect(lockState()).toBe('unlocked'));
    expect(textOf('kiosk-lock-checked-at')).toMatch(/^Dernière vérification\u00a0: /);
    expect(called('admin/probeIntegration')).toHaveLength(1);
    again.unmount();

    // Someone changed the contract URL since: that probe says nothing about the new one.
    integrations = { ...lyon, publisher: { ...lyon.publisher!, contractBaseUrl: 'http://127.0.0.1:9/api/kioskIntegrationService/v1' } };
    const changed = mountWith(IntegrationsPanel, pinia);
    await vi.waitFor(() => expect(lockState()).toBe('unknown'));
    expect(document.querySelector('[data-testid="kiosk-lock-checked-at"]')).toBeNull();
    changed.unmount();
  });
});
