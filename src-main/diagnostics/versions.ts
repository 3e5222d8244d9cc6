import os from 'node:os';
import type { DeskVersions } from '../../src-shared/ipc/features/diagnostics.contract';
import { APP_VERSION } from '../version';

/** Read from the running process: Electron sets its own and Chromium's versions there, Node alone does not. */
export function deskVersions(): DeskVersions {
  return {
    app: APP_VERSION,
    electron: process.versions.electron ?? null,
    chromium: process.versions.chrome ?? null,
    node: process.versions.node,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}
