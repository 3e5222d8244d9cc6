import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import type { Component } from 'vue';
import { createVuetify } from 'vuetify';
import { useAdminStore } from '../../../src-renderer/features/admin/stores/admin';
import { createDeskI18n, type Locale } from '../../../src-renderer/plugins/i18n';
import type { AdminSession } from '../../../src-shared/ipc/features/admin.contract';
import type { User } from '../../../src-shared/platform/admin';
import { deskCalls, deskReplies } from './setup';

/** An admin (not superadmin) of the Lyon licence, as the admin tests sign in. */
export const adminUser: User = {
  id: 2,
  email: 'admin@formation.example',
  firstName: 'Alice',
  lastName: 'Admin',
  phone: '',
  role: 'admin',
  defaultLicenceId: 1,
  canAccessCockpit: false,
  grantedLicenceIds: [2],
  activated: true,
};

export const adminSession: AdminSession = {
  user: adminUser,
  currentLicence: { id: 1, name: 'Lyon' },
  accessibleLicences: [{ id: 1, name: 'Lyon' }],
  tokenExpiresAt: '2026-11-23T18:00:00.000Z',
};

export function mountWith(component: Component, pinia: Pinia, locale: Locale = 'fr') {
  return mount(component, { attachTo: document.body, global: { plugins: [pinia, createDeskI18n(locale), createVuetify()] } });
}

/** A Vuetify field's input, wherever its dialog was teleported. */
export function input(testId: string): HTMLInputElement {
  return document.querySelector(`[data-testid="${testId}"] input`) as HTMLInputElement;
}

export async function type(testId: string, value: string): Promise<void> {
  const element = input(testId);
  element.value = value;
  element.dispatchEvent(new Event('input'));
  await flushPromises();
}

export function messagesOf(testId: string): string {
  return document.querySelector(`[data-testid="${testId}"] .v-messages`)?.textContent ?? '';
}

export const called = (channel: string) => deskCalls.filter((call) => call.channel === channel);

/** A clean page, no call made or scripted yet, and a new admin store signed in as `adminSession`. */
export function freshAdminStore(): Pinia {
  document.body.innerHTML = '';
  deskCalls.length = 0;
  deskReplies.clear();
  const pinia = createPinia();
  setActivePinia(pinia);
  useAdminStore().session = adminSession;
  return pinia;
}
