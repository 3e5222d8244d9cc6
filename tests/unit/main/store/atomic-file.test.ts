import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AtomicJsonFile } from '../../../../src-main/store/atomic-file';

const settingsSchema = z.object({ idleLockMinutes: z.number().int(), label: z.string() });

describe('AtomicJsonFile', () => {
  it('100 concurrent saves of one file, from two handles on it: none rejected, the file valid and holding the last one asked', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atomic-'));
    const file = path.join(dir, 'board-settings.json');
    const handles = [new AtomicJsonFile(file, settingsSchema), new AtomicJsonFile(file, settingsSchema)];
    const values = Array.from({ length: 100 }, (_, index) => ({ idleLockMinutes: index, label: `save ${index}` }));
    const outcomes = await Promise.allSettled(values.map((value, index) => handles[index % 2]!.write(value)));
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(values.at(-1));
    expect(await handles[0]!.read()).toEqual({ status: 'ok', value: values.at(-1) });
    // No temporary file left behind.
    expect(readdirSync(dir)).toEqual(['board-settings.json']);
  });

  it('a save that fails does not stop the saves queued after it', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'atomic-')), 'printing.json');
    const store = new AtomicJsonFile(file, settingsSchema);
    const bad = store.write({ idleLockMinutes: 1.5, label: 'not an integer' });
    const good = store.write({ idleLockMinutes: 2, label: 'ok' });
    await expect(bad).rejects.toThrow();
    await good;
    expect(await store.read()).toEqual({ status: 'ok', value: { idleLockMinutes: 2, label: 'ok' } });
  });
});
