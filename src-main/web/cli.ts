import os from 'node:os';
import path from 'node:path';
import { stopOnSignals, wholeNumberFlag } from '../cli-process';
import { startLogFiles, stopLogFiles } from '../log';
import { deskWhenStarted } from '../starting-desk';
import { lockDataFolder } from '../store/data-lock';
import { TRAINING_KIOSK_INTERVAL_MS } from '../training-pace';
import { startPreviewHost } from './host';

/** `npm run start:web` (through `start.ts`, in `entryDir`): the desk in a browser, for these machines and for tests. */
async function main(entryDir: string): Promise<void> {
  const rendererDir = process.env.DESK_RENDERER_DIR ?? path.resolve(entryDir, '../renderer');
  const argv = process.argv.slice(2);
  const kioskSeconds = wholeNumberFlag(argv, '--kiosk-every', TRAINING_KIOSK_INTERVAL_MS / 1000, 86_400);
  const port = wholeNumberFlag(argv, '--port', Number(process.env.DESK_WEB_PORT ?? 0), 65_535);
  const dataDir = process.env.DESK_DATA_DIR ?? path.join(os.homedir(), '.desk-console-preview');
  await startLogFiles({ dataDir, console: true });
  // Taken before the address is printed: a second desk on this folder stops here, without one.
  const lock = await lockDataFolder(dataDir);
  // The desk (the training world, the features) loads and starts while the host starts listening; a call
  // that comes before it has started waits for it (src-main/starting-desk.ts).
  const starting = (async () => {
    const [{ startDesk }, { readAttachedSandbox }, { unavailableKeystore }] = await Promise.all([
      import('../desk'),
      import('./attach'),
      import('../store/keystores'),
    ]);
    // Plain Node has no OS keychain: the preview refuses to store secrets (Training needs none).
    return startDesk({
      runtime: 'web',
      dataDir,
      keystore: unavailableKeystore,
      // The flags of `npm run sandbox` (--field-variations, --echo-status, --no-publisher-pushes, --no-desk-extensions) shape the sandbox this host starts.
      sandbox: { kioskIntervalMs: kioskSeconds * 1000, publisherFlags: argv, platformFlags: argv },
      attach: await readAttachedSandbox(process.env.DESK_ATTACH_SANDBOX),
    });
  })();
  const desk = deskWhenStarted(starting);
  const host = await startPreviewHost({ dispatch: desk.dispatch, events: desk.events, rendererDir, port });
  stopOnSignals(async () => {
    await host.close();
    await (await starting.catch(() => null))?.close();
    await lock.release();
    await stopLogFiles();
  });
  // A desk that cannot start ends the process here, with its reason. The address is printed only once the
  // desk answers: under a CPU hog, a first page opened while the desk was still starting twice got no answer
  // at all for minutes (e2e, 28 Nov 2026; cause not found yet), so no page is offered before it.
  await starting;
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ url: host.url, openUrl: host.openUrl, token: host.token })}\n`);
  } else {
    process.stdout.write(`Desk Console is running.\nOpen this address in Chromium: ${host.openUrl}\nStop with Ctrl+C.\n`);
  }
}

export function runPreviewHost(entryDir: string): void {
  main(entryDir).catch((error: unknown) => {
    process.stderr.write(`Desk Console preview could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
