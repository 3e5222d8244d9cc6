import path from 'node:path';
import { z } from 'zod';
import { workplaceSchema, type Workplace } from '../../src-shared/ipc/workplace';
import { logger } from '../log';
import { AtomicJsonFile } from '../store/atomic-file';

const log = logger('staff');

/** The profile the choice was made under: another profile's office places mean nothing here. */
const fileSchema = z.object({ byProfile: z.record(z.string(), workplaceSchema) });

/**
 * The office place and desk chosen on this workstation, per connection profile,
 * in `workplace.json` of the data folder (atomic writes; a damaged file is kept
 * aside and the profile's own workplace used until staff choose again).
 */
export class WorkplaceMemory {
  private constructor(
    private readonly file: AtomicJsonFile<typeof fileSchema>,
    private readonly chosen: Record<string, Workplace>,
  ) {}

  static async open(dataDir: string): Promise<WorkplaceMemory> {
    const file = new AtomicJsonFile(path.join(dataDir, 'workplace.json'), fileSchema);
    const read = await file.read();
    if (read.status === 'corrupt') log.warn('workplace file unreadable, kept aside', { reason: read.reason });
    return new WorkplaceMemory(file, read.status === 'ok' ? read.value.byProfile : {});
  }

  get(profileId: string): Workplace | null {
    return this.chosen[profileId] ?? null;
  }

  async set(profileId: string, workplace: Workplace): Promise<void> {
    this.chosen[profileId] = workplace;
    await this.file.write({ byProfile: this.chosen });
  }
}
