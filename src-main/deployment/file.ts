import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deploymentFileSchema, type DeploymentFile } from '../../src-shared/deployment';

/** Tests and unusual installs point the desk elsewhere; hospital IT uses the default place. */
export const DEPLOYMENT_FILE_ENV = 'DESK_DEPLOYMENT_FILE';

/** Where hospital IT puts the machine's deployment file (every Windows or Linux user of the machine reads it). */
export function deploymentFilePath(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const override = env[DEPLOYMENT_FILE_ENV];
  if (override) return override;
  if (platform === 'win32') return path.win32.join(env.ProgramData ?? 'C:\\ProgramData', 'Desk Console', 'deployment.json');
  if (platform === 'darwin') return '/Library/Application Support/Desk Console/deployment.json';
  return '/etc/desk-console/deployment.json';
}

export type DeploymentRead =
  | { status: 'absent' }
  | { status: 'ok'; file: string; deployment: DeploymentFile }
  /** Refused whole: the fields are named (`profiles.0.platformUrl`), never their values. */
  | { status: 'invalid'; file: string; fields: string[] };

/**
 * Reads the deployment file. A file IT wrote wrong is refused whole, never half applied, and
 * never moved aside: it is IT's file, fixed where it is.
 */
export async function readDeployment(file: string = deploymentFilePath()): Promise<DeploymentRead> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'absent' };
    return { status: 'invalid', file, fields: ['(unreadable file)'] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { status: 'invalid', file, fields: ['(not JSON)'] };
  }
  const parsed = deploymentFileSchema.safeParse(json);
  if (!parsed.success) {
    const fields = parsed.error.issues.flatMap((issue) => {
      const at = issue.path.join('.');
      // An unknown key is named by the key itself: a misspelling IT can find.
      if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => (at ? `${at}.${key}` : key));
      return [at || '(file)'];
    });
    return { status: 'invalid', file, fields: [...new Set(fields)] };
  }
  const deployment = parsed.data;
  const ids = deployment.profiles.map((profile) => profile.id);
  const twice = ids.findIndex((id, index) => ids.indexOf(id) !== index);
  if (twice >= 0) return { status: 'invalid', file, fields: [`profiles.${twice}.id`] };
  if (deployment.activeProfileId !== undefined && !ids.includes(deployment.activeProfileId)) return { status: 'invalid', file, fields: ['activeProfileId'] };
  return { status: 'ok', file, deployment };
}

/**
 * Takes the account keys out of the deployment file once they are sealed at this desk, leaving
 * the rest of IT's file as written. False when the desk may not write it (the usual case: IT's
 * file, read-only to users).
 */
export async function removeKeysFromFile(file: string): Promise<boolean> {
  try {
    const json = JSON.parse((await readFile(file, 'utf8')).replace(/^\uFEFF/, '')) as { profiles?: Array<Record<string, unknown>> };
    for (const profile of json.profiles ?? []) delete profile.accountKey;
    // Rewritten in place, not renamed over: the file keeps IT's owner and permissions for every user of the machine.
    await writeFile(file, `${JSON.stringify(json, null, 2)}\n`);
    return true;
  } catch {
    return false;
  }
}
