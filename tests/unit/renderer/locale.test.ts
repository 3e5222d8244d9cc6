import { describe, expect, it } from 'vitest';
import { en } from '../../../src-renderer/locales/en';
import { fr } from '../../../src-renderer/locales/fr';
import { createDeskI18n, frenchPlural, pickLocale } from '../../../src-renderer/plugins/i18n';
import { loadLanguage, startDeskI18n } from '../../../src-renderer/plugins/language';
import { takePreviewToken } from '../../../src-renderer/bridge/web-bridge';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('language choice', () => {
  it('defaults to French when the system prefers French, English otherwise, and a saved choice wins', () => {
    expect(pickLocale(null, ['fr-FR', 'en-US'])).toBe('fr');
    expect(pickLocale(null, ['fr-CA'])).toBe('fr');
    expect(pickLocale(null, ['de-DE', 'fr-FR'])).toBe('en');
    expect(pickLocale(null, [])).toBe('en');
    expect(pickLocale('en', ['fr-FR'])).toBe('en');
    expect(pickLocale('klingon', ['fr-FR'])).toBe('fr');
  });

  it('counts the French way in French (zero is singular) and the English way in English', () => {
    const say = (locale: 'fr' | 'en', n: number) => createDeskI18n(locale).global.t('board.times.calls', { n }, n);
    expect([0, 1, 2, 12].map((n) => say('fr', n))).toEqual(['0 appel', '1 appel', '2 appels', '12 appels']);
    expect([0, 1, 2].map((n) => say('en', n))).toEqual(['0 calls', '1 call', '2 calls']);
    // Three forms keep their own words for zero.
    expect([0, 1, 2, 7].map((n) => frenchPlural(n, 3))).toEqual([0, 1, 2, 2]);
  });

  it('starts with the shown language only and adds the other when it is chosen', async () => {
    const i18n = await startDeskI18n('fr');
    expect(i18n.global.availableLocales).toEqual(['fr']);
    expect(i18n.global.t('board.times.calls', { n: 2 }, 2)).toBe('2 appels');
    await loadLanguage(i18n.global, 'en');
    expect(i18n.global.availableLocales.sort()).toEqual(['en', 'fr']);
    expect(i18n.global.t('board.times.calls', { n: 2 }, { plural: 2, locale: 'en' })).toBe('2 calls');
  });

  it('has every French text in English and no empty text', () => {
    expect(keys(en).sort()).toEqual(keys(fr).sort());
    for (const tree of [fr, en]) {
      for (const key of keys(tree)) {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
        expect(String(value).trim(), key).not.toBe('');
      }
    }
  });
});

describe('preview token', () => {
  it('takes the token from the opened address, keeps it for reloads and removes it from the address bar', () => {
    window.history.replaceState(null, '', '/?token=abc123#/sign-in');
    window.sessionStorage.clear();
    expect(takePreviewToken(window.location, window.sessionStorage, window.history)).toBe('abc123');
    expect(window.location.href).not.toContain('abc123');
    expect(window.location.hash).toBe('#/sign-in');
    expect(takePreviewToken(window.location, window.sessionStorage, window.history)).toBe('abc123');
  });
});
