import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appInfoSchema, startupNoticeSchema, type StartupNotice } from '../../../../src-shared/ipc/contract';
import { startDesk, type RunningDesk } from '../../../../src-main/desk';
import { startSandbox } from '../../../../src-main/sandbox/start';
import { TestKeystore } from '../../../helpers/test-keystore';

let running: RunningDesk | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

/** One desk at a time on the folder, as on a workstation: the previous one is closed first. */
async function restart(dir: string): Promise<RunningDesk> {
  await running?.close();
  running = await startDesk({ runtime: 'web', dataDir: dir, keystore: new TestKeystore(), sandbox: { kioskIntervalMs: 0 } });
  return running;
}

async function notices(desk: RunningDesk): Promise<StartupNotice[]> {
  const info = await desk.dispatch('app/info', undefined);
  if (!info.ok) throw new Error(info.error.message);
  return appInfoSchema.parse(info.value).notices;
}

describe('damaged files at desk start-up', () => {
  it('tells staff at every start until they acknowledge it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'desk-damaged-start-'));
    writeFileSync(path.join(dir, 'print-queue.json'), '{\n  "entryCounts": {"pending":1,"finished":0},\n  "version": 1,\n  "pending": [\n    {"id": "torn');
    writeFileSync(path.join(dir, 'workplace.json'), '{ not json');

    const first = await restart(dir);
    const raised = await notices(first);
    expect(raised).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'file-damaged', file: 'workplace.json', keptAs: 'workplace.json.corrupt' }),
        expect.objectContaining({ kind: 'file-damaged', file: 'print-queue.json', keptAs: 'print-queue.json.corrupt', lost: 1, recovered: 0 }),
      ]),
    );
    expect(raised).toHaveLength(2);

    const second = await restart(dir);
    expect(await notices(second)).toEqual(raised);
    const fileOf = (notice: StartupNotice) => (notice.kind === 'file-damaged' ? notice.file : null);
    const queueNotice = raised.find((notice) => fileOf(notice) === 'print-queue.json')!;
    const left = await second.dispatch('app/acknowledgeNotice', { id: queueNotice.id });
    expect(left).toEqual({ ok: true, value: [raised.find((notice) => fileOf(notice) === 'workplace.json')] });
    expect(await notices(second)).toEqual(startupNoticeSchema.array().parse(left.ok ? left.value : null));

    const third = await restart(dir);
    expect((await notices(third)).map(fileOf)).toEqual(['workplace.json']);
  });

  it('checks the audit trail before anything is recorded into it: its damaged part is told and kept aside', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'desk-damaged-audit-'));
    writeFileSync(path.join(dir, 'board-audit.jsonl'), '\u0000\u0000garbage');
    // Another store's damage is recorded into the trail at the same start: after the garbage is set aside.
    writeFileSync(path.join(dir, 'board-settings.json'), 'x');

    const desk = await restart(dir);

    expect(await notices(desk)).toEqual(
      expect.arrayContaining([{ kind: 'audit-damaged', id: expect.any(String), keptAs: 'board-audit.jsonl.corrupt', line: 1 }]),
    );
    const trail = readFileSync(path.join(dir, 'board-audit.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    expect(trail.map((entry) => entry.outcome)).toEqual([
      'board-audit.jsonl from line 1 kept as board-audit.jsonl.corrupt',
      'board-settings.json kept as board-settings.json.corrupt',
    ]);
  });

  it('tells a damaged settings file to a desk attached to a sandbox running elsewhere too', async () => {
    const sandbox = await startSandbox({ kioskIntervalMs: 0 });
    try {
      const dir = mkdtempSync(path.join(tmpdir(), 'desk-damaged-attach-'));
      writeFileSync(path.join(dir, 'settings.json'), '{ not json');
      running = await startDesk({
        runtime: 'web',
        dataDir: dir,
        keystore: new TestKeystore(),
        attach: { profile: sandbox.profile, accountKey: sandbox.accountKey },
      });
      expect(await notices(running)).toEqual([expect.objectContaining({ kind: 'settings-corrupt', keptAs: 'settings.json.corrupt' })]);
    } finally {
      await running?.close();
      running = null;
      await sandbox.close();
    }
  });
});
