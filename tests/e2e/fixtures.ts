import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { test as base } from '@playwright/test';
import type { RunningSandbox } from '../../src-main/sandbox/start';

export interface PreviewHost {
  url: string;
  openUrl: string;
  token: string;
}

/**
 * Starts the real preview host (`dist/main/web-host.js`, the built app with the
 * training sandbox) once per worker and stops it afterwards.
 */
export async function launchPreviewHost(
  extraArgs: string[] = ['--kiosk-every', '0'],
  // A folder that does not exist yet, as on a machine's first start.
  dataDir: string = path.join(mkdtempSync(path.join(tmpdir(), 'desk-e2e-')), 'data'),
  env: Record<string, string> = {},
): Promise<{ host: PreviewHost; child: ChildProcess }> {
  const child = spawn(process.execPath, ['dist/main/web-host.js', '--json', ...extraArgs], {
    env: { ...process.env, DESK_LOG_LEVEL: 'warn', DESK_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const host = await new Promise<PreviewHost>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('preview host did not start within 20 s')), 20_000);
    child.once('exit', (code) => reject(new Error(`preview host exited with ${code}`)));
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as PreviewHost);
    });
  });
  return { host, child };
}

/** Which desk of the sandbox's office a preview host plays (the profile's own by default). */
export interface DeskSeat {
  deskId: number;
  deskLabel: string;
}

/** The file that makes a preview host join a sandbox the test started itself (DESK_ATTACH_SANDBOX). */
export function sandboxAttachFile(sandbox: Pick<RunningSandbox, 'profile' | 'accountKey'>, seat?: DeskSeat): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'desk-attach-')), 'sandbox.json');
  writeFileSync(file, JSON.stringify({ profile: { ...sandbox.profile, ...seat }, accountKey: sandbox.accountKey }));
  return file;
}

/** A preview host joined to the test's own sandbox, the kiosk simulation off: the test decides who arrives. */
export function launchAttachedDesk(
  sandbox: Pick<RunningSandbox, 'profile' | 'accountKey'>,
  options: { dataDir?: string; seat?: DeskSeat } = {},
): Promise<{ host: PreviewHost; child: ChildProcess }> {
  return launchPreviewHost(['--kiosk-every', '0'], options.dataDir, { DESK_ATTACH_SANDBOX: sandboxAttachFile(sandbox, options.seat) });
}

export interface SandboxOptions {
  /**
   * Flags of the training sandbox's publisher (`--field-variations all`, `--echo-status`,
   * docs/sandbox-publisher.md), set per Playwright project. Specs that start the preview
   * host or the sandbox themselves pass them on.
   */
  sandboxArgs: string[];
}

export const test = base.extend<object, SandboxOptions & { previewHost: PreviewHost }>({
  sandboxArgs: [[], { scope: 'worker', option: true }],
  previewHost: [
    async ({ sandboxArgs }, use) => {
      const { host, child } = await launchPreviewHost(['--kiosk-every', '0', ...sandboxArgs]);
      await use(host);
      child.kill('SIGTERM');
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
