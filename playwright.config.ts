import { defineConfig } from '@playwright/test';
import type { SandboxOptions } from './tests/e2e/fixtures';
import { PACE } from './tests/e2e/pace';

/** Debian's Chromium, never a downloaded browser; flags keep it off the (closed) network. */
export default defineConfig<SandboxOptions>({
  testDir: 'tests/e2e',
  // Visual baselines (screenshots.spec.ts) live beside the specs, one folder per spec, without a platform suffix:
  // the desk is compared in Debian's Chromium only.
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  // A test is a whole reception flow (several screens, each checked by axe): 60 s is its safety net, not its pace;
  // every step waits on what the user would see. At 30 s two flows timed out on a busy 2-core machine.
  timeout: 60_000 * PACE,
  expect: { timeout: 10_000 * PACE },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    headless: true,
    locale: 'fr-FR',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // The no-desk-extensions spec needs its platform switch: it runs in its own project only.
    { name: 'default', testIgnore: /no-(desk-extensions|publisher-pushes)\.spec\.ts$/ },
    {
      // The reception flows again, on a publisher writing every answer in the other legal forms
      // (docs/sandbox-publisher.md, "Field variations"): short, so it can run on every `npm test`.
      name: 'field-variations',
      testMatch: /(sign-in|board|checkin|printing)\.spec\.ts$/,
      // The printer-hardware tests never reach the publisher: nothing for the variations to change.
      grepInvert: /technician page follows the printer|waiting for paper survives/,
      use: { sandboxArgs: ['--field-variations', 'all', '--echo-status'] },
    },
    {
      // The reception flows on a platform without this project's desk extensions (docs/desk-extensions.md):
      // the board degrades to the desk's own tickets. Specs relying on kiosk arrivals or live events do not run here.
      name: 'no-desk-extensions',
      testMatch: /no-desk-extensions\.spec\.ts$/,
      use: { sandboxArgs: ['--no-desk-extensions'] },
    },
    {
      // The reception flows on a medical system that never calls the platform's ticket services, like the contract's
      // reference implementation (docs/sandbox-publisher.md, "Without pushes"): the board learns from its own reads.
      name: 'no-publisher-pushes',
      testMatch: /no-publisher-pushes\.spec\.ts$/,
      use: { sandboxArgs: ['--no-publisher-pushes'] },
    },
  ],
});
