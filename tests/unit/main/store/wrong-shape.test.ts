import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DURABLE_FILES, type DurableFile, type StartupNotice } from '../../../../src-shared/ipc/contract';
import { EVERYTHING } from '../../../../src-shared/platform/desks';
import { Outbox } from '../../../../src-main/board/outbox/outbox';
import { DeskQueueStore } from '../../../../src-main/board/queue-store';
import { BoardSettingsStore } from '../../../../src-main/board/settings-store';
import { DeskJournal } from '../../../../src-main/journal/desk-journal';
import { PrintQueue } from '../../../../src-main/printing/queue';
import { PrintingSettingsStore } from '../../../../src-main/printing/settings';
import { WorkstationMemory } from '../../../../src-main/shell/workstation-store';
import { WorkplaceMemory } from '../../../../src-main/staff/workplace-store';
import { NoticeBoard } from '../../../../src-main/store/notices';
import { ProfileStore } from '../../../../src-main/store/profiles';
import { SecretStore } from '../../../../src-main/store/secrets';
import { TechnicianPinStore } from '../../../../src-main/technician/pin-store';
import { TestKeystore } from '../../../helpers/test-keystore';

function folder(): string {
  return mkdtempSync(path.join(tmpdir(), 'desk-shape-'));
}

function keptNotices(dir: string): StartupNotice[] {
  const file = path.join(dir, 'notices.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).notices : [];
}

const secrets = (dir: string) => new SecretStore(path.join(dir, 'secrets.json'), new TestKeystore());

/** Every durable file, opened the way the desk opens it at start. */
const OPEN: Record<DurableFile, (dir: string) => Promise<unknown>> = {
  'settings.json': (dir) => ProfileStore.open(dir, secrets(dir)),
  'secrets.json': (dir) => secrets(dir).get('lyon', 'accountKey'),
  'workplace.json': (dir) => WorkplaceMemory.open(dir),
  'board-settings.json': (dir) => BoardSettingsStore.open(dir),
  'printing.json': (dir) => PrintingSettingsStore.open(dir, { training: true, places: new Map(), fallbackName: 'Centre' }),
  'print-queue.json': (dir) => PrintQueue.open(dir),
  'board-outbox.json': async (dir) => (await Outbox.open({ dataDir: dir, deliver: async () => 'retry', retryBaseMs: 60_000 })).close(),
  'desk-journal.json': (dir) => DeskJournal.open(dir),
  'notices.json': (dir) => NoticeBoard.open(dir),
  'technician.json': (dir) => TechnicianPinStore.open(dir),
  'desk-queue.json': (dir) => DeskQueueStore.open(dir),
  'workstation.json': (dir) => WorkstationMemory.open(dir),
};

/** Valid JSON, none of it what the desk writes: an empty object, the wrong type, a stranger's fields. */
const WRONG_SHAPES = ['{}', '[]', 'null', '"settings"', '42', '{"unexpected":true}'];

describe('a file of valid JSON but the wrong shape is damaged like any other', () => {
  const cases = DURABLE_FILES.flatMap((name) => WRONG_SHAPES.map((content) => [name, content] as const));
  it.each(cases)('%s holding %s: kept aside and told', async (name, content) => {
    const dir = folder();
    writeFileSync(path.join(dir, name), content);
    await OPEN[name](dir);
    expect(readFileSync(path.join(dir, `${name}.corrupt`), 'utf8')).toBe(content);
    expect(keptNotices(dir)).toEqual([expect.objectContaining({ keptAs: `${name}.corrupt` })]);
  });

  it('a desk queue with its lists under other names is not read as "serves everything" silently', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'desk-queue.json'), JSON.stringify({ examTypes: ['SCANNER'], rooms: [], practitioners: [] }));
    const store = await DeskQueueStore.open(dir);
    // It does serve everything now, and staff are told so (the notice says to choose the queue again).
    expect(store.current()).toEqual(EVERYTHING);
    expect(keptNotices(dir)).toEqual([
      { kind: 'file-damaged', id: expect.any(String), file: 'desk-queue.json', keptAs: 'desk-queue.json.corrupt', lost: null, recovered: null },
    ]);
  });

  it('a desk queue as this desk writes it is read back as it was', async () => {
    const dir = folder();
    await (await DeskQueueStore.open(dir)).save({ examTypeIds: ['SCANNER'], rooms: [], practitioners: [] });
    expect((await DeskQueueStore.open(dir)).current()).toEqual({ examTypeIds: ['SCANNER'], rooms: [], practitioners: [] });
    expect(keptNotices(dir)).toEqual([]);
  });
});
