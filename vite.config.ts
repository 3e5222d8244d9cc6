import vue from '@vitejs/plugin-vue';
import { defineConfig, type Plugin } from 'vite';
import vuetify from 'vite-plugin-vuetify';
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
  plugins: [vue(), vuetify({ autoImport: true }), cspMeta()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
});
