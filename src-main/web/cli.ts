import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopOnSignals, wholeNumberFlag } from '../cli-process';
import { startDesk, TRAINING_KIOSK_INTERVAL_MS } from '../desk';
import { startLogFiles, stopLogFiles } from '../log';
import { unavailableKeystore } from '../store/keystores';
import { readAttachedSandbox } from './attach';
import { startPreviewHost } from './host';

/** `npm run start:web`: the desk in a browser, for these machines and for tests. */
async function main(): Promise<void> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const rendererDir = process.env.DESK_RENDERER_DIR ?? path.resolve(here, '../renderer');
  const argv = process.argv.slice(2);
  const kioskSeconds = wholeNumberFlag(argv, '--kiosk-every', TRAINING_KIOSK_INTERVAL_MS / 1000, 86_400);
  const dataDir = process.env.DESK_DATA_DIR ?? path.join(os.homedir(), '.desk-console-preview');
  await startLogFiles({ dataDir, console: true });
  // Plain Node has no OS keychain: the preview refuses to store secrets (Training needs none).
  const desk = await startDesk({
    runtime: 'web',
    dataDir,
    keystore: unavailableKeystore,
    // The flags of `npm run sandbox` (--field-variations, --echo-status, --no-publisher-pushes, --no-desk-extensions) shape the sandbox this host starts.
    sandbox: { kioskIntervalMs: kioskSeconds * 1000, publisherFlags: argv, platformFlags: argv },
    attach: await readAttachedSandbox(process.env.DESK_ATTACH_SANDBOX),
  });
  const host = await startPreviewHost({
    dispatch: desk.dispatch,
    events: desk.events,
    rendererDir,
    port: wholeNumberFlag(argv, '--port', Number(process.env.DESK_WEB_PORT ?? 0), 65_535),
  });
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ url: host.url, openUrl: host.openUrl, token: host.token })}\n`);
  } else {
    process.stdout.write(`Desk Console is running.\nOpen this address in Chromium: ${host.openUrl}\nStop with Ctrl+C.\n`);
  }
  stopOnSignals(async () => {
    await host.close();
    await desk.close();
    await stopLogFiles();
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`Desk Console preview could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
