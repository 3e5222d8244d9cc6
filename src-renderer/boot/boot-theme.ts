/**
 * The desk theme's colours and opacities as Vuetify writes them (createVuetify, from script, once the
 * app runs): copied for the boot screen's first frame, and checked against Vuetify's own by
 * boot-sign-in.test.ts.
 */
export const BOOT_THEME: Readonly<Record<string, string>> = {
  'v-theme-background': '244,245,247',
  'v-theme-surface': '255,255,255',
  'v-theme-primary': '11,92,173',
  'v-theme-on-background': '0,0,0',
  'v-theme-on-surface': '0,0,0',
  'v-theme-on-primary': '255,255,255',
  'v-border-color': '0, 0, 0',
  'v-border-opacity': '0.12',
  'v-high-emphasis-opacity': '0.87',
  'v-medium-emphasis-opacity': '0.75',
  'v-disabled-opacity': '0.38',
  'v-idle-opacity': '0.04',
  'v-hover-opacity': '0.04',
  'v-focus-opacity': '0.12',
  'v-selected-opacity': '0.08',
  'v-activated-opacity': '0.12',
  'v-pressed-opacity': '0.12',
  'v-dragged-opacity': '0.08',
};

/** The theme as the custom properties of the boot screen's root (its `style` attribute). */
export function bootThemeStyle(): string {
  return Object.entries(BOOT_THEME)
    .map(([name, value]) => `--${name}: ${value};`)
    .join(' ');
}
