import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { connectionProfileSchema, type ConnectionProfile } from '../../src-shared/profile';

export interface AttachedSandbox {
  profile: ConnectionProfile;
  accountKey: string;
}

const attachFileSchema = z.object({ profile: connectionProfileSchema.refine((profile) => profile.training), accountKey: z.string().min(1) });

/**
 * `DESK_ATTACH_SANDBOX=<file>`: the preview host joins a training sandbox running
 * elsewhere (its profile and key in that JSON file) instead of starting its own.
 * Training profiles only: this never carries a real account key.
 */
export async function readAttachedSandbox(file: string | undefined): Promise<AttachedSandbox | undefined> {
  if (!file) return undefined;
  return attachFileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
}
