import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';
import vuetify from 'vite-plugin-vuetify';

export default defineConfig({
  test: {
    testTimeout: 20_000,
    env: { DESK_LOG_LEVEL: 'silent' },
    hookTimeout: 30_000,
    projects: [
      {
        test: {
          name: 'main',
          environment: 'node',
          include: ['tests/unit/main/**/*.test.ts', 'tests/unit/shared/**/*.test.ts'],
        },
      },
      {
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
