import { flushPromises } from '@vue/test-utils';
import type { Pinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import AdminSignIn from '../../../src-renderer/features/admin/components/AdminSignIn.vue';
import SetPassword from '../../../src-renderer/features/admin/components/SetPassword.vue';
import UsersPanel from '../../../src-renderer/features/admin/components/UsersPanel.vue';
import { adminUser, called, freshAdminStore, input, messagesOf, mountWith, type } from './admin-fixtures';
import { deskReplies } from './setup';

describe('admin forms', () => {
  let pinia: Pinia;
  beforeEach(() => {
    pinia = freshAdminStore();
    deskReplies.set('admin/listUsers', () => ({ ok: true, value: { items: [adminUser], total: 1 } }));
  });

  it('sign-in: an invalid e-mail is refused in the form and never sent', async () => {
    const wrapper = mountWith(AdminSignIn, pinia);
    await type('admin-email', 'pas-un-email');
    await type('admin-password', 'x');
    await wrapper.find('form').trigger('submit');
    await flushPromises();
    expect(messagesOf('admin-email')).toBe('Adresse e-mail invalide');
    expect(called('admin/signIn')).toHaveLength(0);
    wrapper.unmount();
  });

  it('user form: field-level messages in English, nothing sent, and an admin is never offered the superadmin role', async () => {
    const wrapper = mountWith(UsersPanel, pinia, 'en');
    await flushPromises();
    (document.querySelector('[data-testid="user-create"]') as HTMLElement).click();
    await vi.waitFor(() => expect(input('user-email')).not.toBeNull());
    await type('user-email', 'nope');
    await type('user-password', 'short');
    await type('user-first-name', 'x'.repeat(300));
    (document.querySelector('[data-testid="user-form"]') as HTMLFormElement).dispatchEvent(new Event('submit'));
    await flushPromises();
    expect(messagesOf('user-email')).toBe('Invalid e-mail address');
    expect(messagesOf('user-password')).toContain('At least 8 characters');
    expect(messagesOf('user-first-name')).toBe('At most 256 characters');
    expect(called('admin/createUser')).toHaveLength(0);
    const roleSelect = wrapper.findAllComponents({ name: 'VSelect' }).find((select) => select.props('label') === 'Role');
    expect((roleSelect?.props('items') as { value: string }[]).map((role) => role.value)).toEqual(['user', 'admin']);
    wrapper.unmount();
  });

  it('user form: a taken e-mail (409) is said in plain words and what was typed stays', async () => {
    deskReplies.set('admin/createUser', () => ({ ok: false, error: { code: 'ADMIN_EMAIL_TAKEN', message: 'The platform refused createUser (HTTP 409).' } }));
    const wrapper = mountWith(UsersPanel, pinia);
    await flushPromises();
    (document.querySelector('[data-testid="user-create"]') as HTMLElement).click();
    await vi.waitFor(() => expect(input('user-email')).not.toBeNull());
    await type('user-email', 'utilisateur@formation.example');
    await type('user-password', 'Un-Mot-De-Passe-1');
    await type('user-last-name', 'Doublon');
    (document.querySelector('[data-testid="user-form"]') as HTMLFormElement).dispatchEvent(new Event('submit'));
    await flushPromises();
    expect(called('admin/createUser')[0]?.request).toMatchObject({ email: 'utilisateur@formation.example', role: 'user', lastName: 'Doublon' });
    expect(document.querySelector('[data-testid="user-form-error"]')?.textContent?.trim()).toBe(
      'Cette adresse e-mail est déjà utilisée par un autre compte.',
    );
    expect(input('user-last-name').value).toBe('Doublon');
    wrapper.unmount();
  });

  it('set-password: a pasted link fills e-mail and token; different passwords are caught before sending', async () => {
    deskReplies.set('app/info', () => ({ ok: false, error: { code: 'INTERNAL', message: 'x' } }));
    const wrapper = mountWith(SetPassword, pinia);
    await type('admin-set-password-link', 'http://127.0.0.1:8400/set-password?email=nina%40formation.example&token=abc123');
    expect(input('admin-set-password-email').value).toBe('nina@formation.example');
    expect(input('admin-set-password-token').value).toBe('abc123');
    await type('admin-set-password-password', 'Nina-Pass-123');
    await type('admin-set-password-confirm', 'Nina-Pass-124');
    await wrapper.find('form').trigger('submit');
    await flushPromises();
    expect(messagesOf('admin-set-password-confirm')).toBe('Les deux mots de passe sont différents.');
    expect(called('admin/setPassword')).toHaveLength(0);
    wrapper.unmount();
  });
});
