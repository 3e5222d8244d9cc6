import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAdminStore } from '../../../src-renderer/features/admin/stores/admin';
import { adminSession as session } from './admin-fixtures';
import { deskCalls, deskEmit, deskReplies } from './setup';

/**
 * The store learns that the platform session ended from main's `admin/sessionChanged`
 * event alone: no call site has to recognise SESSION_EXPIRED itself.
 */
describe('admin session', () => {
  beforeEach(() => {
    deskCalls.length = 0;
    deskReplies.clear();
    setActivePinia(createPinia());
    deskReplies.set('admin/session', () => ({ ok: true, value: session }));
  });

  it('an ended session keeps what is on screen and asks to sign in again', async () => {
    const store = useAdminStore();
    await store.restore();
    deskReplies.set('admin/listUsers', () => ({ ok: false, error: { code: 'SESSION_EXPIRED', message: 'session expired, sign in again' } }));

    await expect(store.listUsers({ page: 1, itemsPerPage: 10 })).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(store.expired).toBe(false);
    deskEmit('admin/sessionChanged', null);

    expect(store.expired).toBe(true);
    expect(store.session).toEqual(session);
  });

  it('signing in again after an expiry clears it and keeps the screen; another licence rebuilds it', async () => {
    const store = useAdminStore();
    await store.restore();
    deskEmit('admin/sessionChanged', null);
    const before = store.generation;

    deskReplies.set('admin/signIn', () => ({ ok: true, value: session }));
    await store.signIn({ email: session.user.email, password: 'formation' });
    expect(store.expired).toBe(false);
    expect(store.generation).toBe(before);

    deskEmit('admin/sessionChanged', null);
    const elsewhere = { ...session, currentLicence: { id: 3, name: 'Paris' } };
    deskReplies.set('admin/signIn', () => ({ ok: true, value: elsewhere }));
    await store.signIn({ email: session.user.email, password: 'formation' });
    expect(store.generation).toBe(before + 1);
    expect(store.session?.currentLicence?.id).toBe(3);
  });

  it('signing out is not an expiry', async () => {
    const store = useAdminStore();
    await store.restore();
    deskReplies.set('admin/signOut', () => {
      deskEmit('admin/sessionChanged', null);
      return { ok: true, value: null };
    });

    await store.signOut();

    expect(store.expired).toBe(false);
    expect(store.session).toBeNull();
  });

  it('a session opened elsewhere in the desk replaces the one shown', async () => {
    const store = useAdminStore();
    await store.restore();
    deskEmit('admin/sessionChanged', null);
    const other = { ...session, user: { ...session.user, id: 9, email: 'autre@formation.example' } };

    deskEmit('admin/sessionChanged', other);

    expect(store.expired).toBe(false);
    expect(store.session?.user.email).toBe('autre@formation.example');
  });
});
