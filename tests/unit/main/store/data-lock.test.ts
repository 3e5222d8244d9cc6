import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataFolder, LOCK_FILE } from '../../../../src-main/store/data-lock';
import { failureOf } from '../../../helpers/failure-of';

const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** A real other process, alive until the test ends. */
function otherProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

describe('one desk process per data folder', () => {
  it('refuses a folder another live process holds, with a typed error', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    writeFileSync(path.join(dir, LOCK_FILE), `${otherProcess().pid}\n`);
    expect((await failureOf(lockDataFolder(dir))).code).toBe('DATA_FOLDER_IN_USE');
  });

  it('creates the data folder on the first start of a machine', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'lock-')), 'first', 'start');
    const lock = await lockDataFolder(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    await lock.release();
  });

  it('takes over the lock of a process that is gone, and releases it on close', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    const gone = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await once(gone, 'exit');
    writeFileSync(path.join(dir, LOCK_FILE), `${gone.pid}\n`);
    const lock = await lockDataFolder(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    await lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('a desk restarted in the same process keeps the folder until its last holder closes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    const first = await lockDataFolder(dir);
    const second = await lockDataFolder(dir);
    await first.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(true);
    await second.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });
});
