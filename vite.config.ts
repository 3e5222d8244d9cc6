import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import { defineConfig, type Plugin } from 'vite';
import vuetify from 'vite-plugin-vuetify';
import { pureContracts } from './scripts/vite-pure-contracts.ts';
import { usedIcons } from './scripts/vite-used-icons.ts';
import { CSP_META } from './src-main/security/csp.ts';

/** The same policy main serves as a header, also as a meta tag for any other way the page loads. */
function cspMeta(): Plugin {
  return {
    name: 'desk-csp-meta',
    transformIndexHtml: (html) =>
      html.replace('<head>', `<head>\n    <meta http-equiv="Content-Security-Policy" content="${CSP_META}" />`),
  };
}

export default defineConfig({
  root: 'src-renderer',
  base: './',
  plugins: [pureContracts(fileURLToPath(new URL('./src-shared/', import.meta.url))), vue(), vuetify({ autoImport: true }), cspMeta(), usedIcons([fileURLToPath(new URL('./src-renderer', import.meta.url)), fileURLToPath(new URL('./src-shared', import.meta.url))])],
  // vue-i18n's documented build flags: the app uses the Composition API only (legacy: false) and neither
  // <i18n-t> nor v-t, so the legacy API and the global components stay out of the first screen.
  define: {
    __VUE_I18N_FULL_INSTALL__: 'false',
    __VUE_I18N_LEGACY_API__: 'false',
    __INTLIFY_PROD_DEVTOOLS__: 'false',
  },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // dist/renderer/.vite/manifest.json: the bench reads which chunks the first screen needs.
    manifest: true,
  },
});
