import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (only the fields the closure needs). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The source files whose chunks a desk runs before its sign-in screen and board are on screen. */
export const FIRST_SCREEN_ROUTES = ['features/staff/views/SignInView.vue', 'features/board/views/BoardView.vue'];

/**
 * The JavaScript files the first screen needs: the entry, the given route chunks and everything they
 * import statically (what the browser must fetch before running them). Dynamic imports stay out:
 * they are loaded when their screen or dialog opens.
 */
export function firstScreenFiles(manifest: Manifest, routes: readonly string[]): string[] {
  const keyOf = (source: string): string => {
    const key = Object.keys(manifest).find((candidate) => candidate === source || candidate.endsWith(`/${source}`));
    if (!key) throw new Error(`${source} is not in the build manifest: is it still a route chunk?`);
    return key;
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  [...entries, ...routes.map(keyOf)].forEach(visit);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

/** Size in KiB of the first screen's JavaScript in a built renderer directory. */
export function firstScreenKiB(rendererDir: string): number {
  const manifest = JSON.parse(readFileSync(path.join(rendererDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const bytes = firstScreenFiles(manifest, FIRST_SCREEN_ROUTES).reduce((sum, file) => sum + statSync(path.join(rendererDir, file)).size, 0);
  return bytes / 1024;
}
