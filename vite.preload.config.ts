import { defineConfig } from 'vite';

/** The sandboxed preload may only `require('electron')`: one CommonJS file, everything else bundled. */
export default defineConfig({
  build: {
    outDir: 'dist/preload',
    emptyOutDir: true,
    target: 'chrome130',
    minify: false,
    lib: { entry: 'src-main/preload.ts', formats: ['cjs'], fileName: () => 'preload.cjs' },
    rollupOptions: { external: ['electron'] },
  },
});
