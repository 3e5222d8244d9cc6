import type * as Crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, startAdmin, SUPER, TRAINING_PASSWORD, type AdminHarness } from './harness';

// Counts the scrypt derivations while keeping the real ones.
const scrypts = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof Crypto>();
  const scrypt = ((...args: Parameters<typeof crypto.scrypt>) => {
    scrypts.count += 1;
    return crypto.scrypt(...args);
  }) as typeof crypto.scrypt;
  return { ...crypto, default: { ...crypto, scrypt }, scrypt };
});


let h: AdminHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe('the training platform’s seeded accounts', () => {
  it('start without deriving a single password: a desk’s first start does not wait for scrypt', async () => {
    scrypts.count = 0;
    h = await startAdmin();
    expect(scrypts.count).toBe(0);
  });

  it('still sign in with their training password, and only with it, once hashed at the first check', async () => {
    h = await startAdmin();
    const wrong = await h.call('POST', '/auth/login', { body: { email: ADMIN, password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    const right = await h.call('POST', '/auth/login', { body: { email: ADMIN, password: TRAINING_PASSWORD } });
    expect(right.status).toBe(200);
    const again = await h.call('POST', '/auth/login', { body: { email: ADMIN, password: TRAINING_PASSWORD } });
    expect(again.status).toBe(200);
    const other = await h.call('POST', '/auth/login', { body: { email: SUPER, password: TRAINING_PASSWORD } });
    expect(other.status).toBe(200);
  });
});
