import { z } from 'zod';
import { workplaceSchema, type Workplace } from '../../src-shared/ipc/workplace';
import type { AtomicJsonFile } from '../store/atomic-file';
import { openDurable } from '../store/durable';

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
    const { file, value } = await openDurable(dataDir, 'workplace.json', fileSchema);
    return new WorkplaceMemory(file, value?.byProfile ?? {});
  }

  get(profileId: string): Workplace | null {
    return this.chosen[profileId] ?? null;
  }

  async set(profileId: string, workplace: Workplace): Promise<void> {
    this.chosen[profileId] = workplace;
    await this.file.write({ byProfile: this.chosen });
  }
}
