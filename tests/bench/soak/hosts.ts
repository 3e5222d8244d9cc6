import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { RunningSandbox } from '../../../src-main/sandbox/start';
import { previewIpcBody, PREVIEW_API, PREVIEW_TOKEN_HEADER } from '../../../src-shared/preview/protocol';
import type { DeskResult } from '../../../src-shared/result';
import { InspectorSession } from './inspector';

/** One desk: the built preview host (`dist/main/web-host.js`) in its own Node process, attached to the sandbox, its inspector on loopback. */
export interface DeskHost {
  deskId: number;
  deskLabel: string;
  url: string;
  openUrl: string;
  token: string;
  inspector: InspectorSession;
  ipc<T>(channel: string, request?: unknown): Promise<T>;
  stop(): Promise<void>;
}

const DEBUGGER_LINE = /Debugger listening on (ws:\/\/127\.0\.0\.1:\d+\/[\w-]+)/;

export async function launchDeskHost(sandbox: RunningSandbox, deskId: number): Promise<DeskHost> {
  const deskLabel = `Accueil ${deskId}`;
  const folder = mkdtempSync(path.join(tmpdir(), 'desk-soak-'));
  const attach = path.join(folder, 'sandbox.json');
  writeFileSync(attach, JSON.stringify({ profile: { ...sandbox.profile, deskId, deskLabel }, accountKey: sandbox.accountKey }));
  const child: ChildProcess = spawn(process.execPath, ['--inspect=127.0.0.1:0', 'dist/main/web-host.js', '--json', '--kiosk-every', '0'], {
    env: { ...process.env, DESK_LOG_LEVEL: 'warn', DESK_DATA_DIR: path.join(folder, 'data'), DESK_ATTACH_SANDBOX: attach },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const inspectorUrl = new Promise<string>((resolve) => {
    createInterface({ input: child.stderr! }).on('line', (line) => {
      const match = DEBUGGER_LINE.exec(line);
      if (match) resolve(match[1]!);
      // A desk's warnings during the outages are expected; errors and crashes are shown.
      else if (!/^(Debugger attached|For help, see|Waiting for the debugger)|^\S+ (WARN|INFO|DEBUG) /.test(line)) process.stderr.write(`[${deskLabel}] ${line}\n`);
    });
  });
  const started = await new Promise<{ url: string; openUrl: string; token: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${deskLabel}: the preview host did not start within 30 s`)), 30_000);
    child.once('exit', (code) => reject(new Error(`${deskLabel}: the preview host exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as { url: string; openUrl: string; token: string });
    });
  });
  const inspector = await InspectorSession.connect(await inspectorUrl);
  return {
    deskId,
    deskLabel,
    ...started,
    inspector,
    async ipc<T>(channel: string, request?: unknown): Promise<T> {
      const response = await fetch(`${started.url}${PREVIEW_API.ipc}${channel}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [PREVIEW_TOKEN_HEADER]: started.token },
        body: previewIpcBody(request),
        signal: AbortSignal.timeout(30_000),
      });
      const result = (await response.json()) as DeskResult<T>;
      if (!result.ok) throw new Error(`${deskLabel} ${channel}: ${result.error.code}`);
      return result.value;
    },
    async stop() {
      inspector.close();
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
