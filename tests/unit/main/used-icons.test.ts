import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { iconNames, keepIcons } from '../../../scripts/vite-used-icons';

const mdiCss = readFileSync(createRequire(import.meta.url).resolve('@mdi/font/css/materialdesignicons.css'), 'utf8');

describe('the icon stylesheet of the build', () => {
  it('finds each icon named in a template, a script or an alias, whole', () => {
    const names = iconNames(['<v-btn icon="mdi-lock-outline" />', "{ icon: 'mdi-chart-bar' }", "close: 'mdi-close',"]);
    expect([...names].sort()).toEqual(['chart-bar', 'close', 'lock-outline']);
  });

  it('keeps the named icons, the font and the helper classes, and drops every other icon', () => {
    const kept = keepIcons(mdiCss, new Set(['lock-outline', 'chart-bar']));
    expect(kept).toContain('.mdi-lock-outline::before');
    expect(kept).toContain('.mdi-chart-bar::before');
    expect(kept).not.toContain('.mdi-lock::before');
    expect(kept).not.toContain('.mdi-abacus::before');
    expect(kept).toContain('@font-face');
    expect(kept).toContain('.mdi:before');
    expect(kept).toContain('.mdi-spin:before');
    // From 7,400 icons to two: what the page parses before it shows anything.
    expect(kept.length).toBeLessThan(mdiCss.length / 10);
  });
});
