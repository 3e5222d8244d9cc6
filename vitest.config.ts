import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';
import vuetify from 'vite-plugin-vuetify';

export default defineConfig({
  test: {
    // Projects extend these: a loaded 2-core CI machine is slow, never hung.
    testTimeout: 20_000,
    env: { DESK_LOG_LEVEL: 'silent' },
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'main',
          environment: 'node',
          include: ['tests/unit/main/**/*.test.ts', 'tests/unit/shared/**/*.test.ts'],
        },
      },
      {
        extends: true,
        plugins: [vue(), vuetify({ autoImport: true })],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['tests/unit/renderer/**/*.test.ts'],
          css: false,
          server: { deps: { inline: ['vuetify'] } },
          setupFiles: ['tests/unit/renderer/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'packaging',
          environment: 'node',
          include: ['tests/packaging/**/*.test.ts'],
          testTimeout: 300_000,
        },
      },
    ],
  },
});
