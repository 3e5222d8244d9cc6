import { defineConfig } from 'vite';

/** Main process and the Node entry points (preview host, sandbox): ESM for Node, deps left external. */
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'dist/main',
    emptyOutDir: true,
    target: 'node22',
    sourcemap: true,
    rollupOptions: {
      input: {
        main: 'src-main/main.ts',
        'web-host': 'src-main/web/cli.ts',
        sandbox: 'src-main/sandbox/cli.ts',
      },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
