import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { useErrorText } from '../../../src-renderer/composables/useErrorText';
import { createDeskI18n, type Locale } from '../../../src-renderer/plugins/i18n';
import { DeskError } from '../../../src-shared/errors';

/** The sentence staff read for an error, as any screen shows it. */
function textOf(error: unknown, locale: Locale): string {
  const probe = defineComponent({ setup: () => { const text = useErrorText(); return () => h('p', text(error)); } });
  return mount(probe, { global: { plugins: [createDeskI18n(locale)] } }).text();
}

const wait = (seconds: number) => new DeskError('PASSWORD_ATTEMPTS_WAIT', 'Too many wrong passwords', { retryAfterSeconds: seconds });

describe('error text', () => {
  it('says how long to wait after too many wrong passwords, in plain words, French and English', () => {
    expect(textOf(wait(30), 'fr')).toBe('Trop de mots de passe incorrects à la suite\u00a0: réessayez dans 30 secondes, même avec le bon mot de passe.');
    expect(textOf(wait(1), 'fr')).toContain('dans 1 seconde,');
    expect(textOf(wait(240), 'fr')).toContain('dans 4 minutes');
    expect(textOf(wait(30), 'en')).toBe('Too many wrong passwords in a row: try again in 30 seconds, even with the right password.');
    expect(textOf(wait(900), 'en')).toContain('in 15 minutes');
  });

  it('says the technician PIN wait too, and leaves the others as they were', () => {
    expect(textOf(new DeskError('TECHNICIAN_PIN_LOCKED', 'x', { retryAfterSeconds: 300 }), 'fr')).toBe('Trop de codes incorrects à la suite\u00a0: réessayez dans 5 minutes.');
    expect(textOf(new DeskError('INVALID_CREDENTIALS', 'x'), 'en')).toBe('Incorrect login or password');
    expect(textOf(new Error('boom'), 'en')).not.toContain('boom');
  });
});
