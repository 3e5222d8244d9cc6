import { defineConfig } from 'vite';

/**
 * Main process and the Node entry points (preview host, sandbox): ESM for Node, with their
 * JavaScript dependencies bundled in. Node's loader otherwise opened ~900 files at start
 * (date-fns alone, through pino-roll, ~300; zod's every locale), ~0.2 s of a desk's first
 * start on two cores. Left out: the native `usb`, Electron itself, and the updater main loads when it runs.
 */
export default defineConfig({
  ssr: { noExternal: true, external: ['usb', 'electron', 'electron-updater'] },
  build: {
    ssr: true,
    outDir: 'dist/main',
    emptyOutDir: true,
    target: 'node22',
    sourcemap: true,
    rollupOptions: {
      input: {
        main: 'src-main/main.ts',
        'web-host': 'src-main/web/start.ts',
        sandbox: 'src-main/sandbox/cli.ts',
      },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
