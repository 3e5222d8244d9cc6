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

/**
 * The source files whose chunks a desk runs before its sign-in screen and board are on screen: the app
 * the boot script loads (main.ts) and both routes. French, the longer language, comes with the boot
 * script (the entry), so its texts are counted; English ones are a chunk of their own.
 */
export const FIRST_SCREEN_ROUTES = ['main.ts', 'features/staff/views/SignInView.vue', 'features/board/views/BoardView.vue'];

/**
 * The JavaScript files the first screen needs: the entry, the given route chunks and everything they
 * import statically (what the browser must fetch before running them). Dynamic imports stay out:
 * they are loaded when their screen or dialog opens.
 */
export function firstScreenFiles(manifest: Manifest, routes: readonly string[]): string[] {
  const keyOf = (source: string): string => {
    const keys = Object.keys(manifest);
    const key = keys.find((candidate) => candidate === source) ?? keys.find((candidate) => candidate.endsWith(`/${source}`));
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

/** The most JavaScript a desk may load before sign-in and the board (issue 26): the bench's target and the build test's limit. */
export const FIRST_SCREEN_BUDGET_KIB = 700;

/** Each of the first screen's JavaScript files in a built renderer directory with its size in KiB, largest first. */
export function firstScreenSizes(rendererDir: string): { file: string; kib: number }[] {
  const manifest = JSON.parse(readFileSync(path.join(rendererDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  return firstScreenFiles(manifest, FIRST_SCREEN_ROUTES)
    .map((file) => ({ file, kib: statSync(path.join(rendererDir, file)).size / 1024 }))
    .sort((a, b) => b.kib - a.kib);
}

/** Size in KiB of the first screen's JavaScript in a built renderer directory. */
export function firstScreenKiB(rendererDir: string): number {
  return firstScreenSizes(rendererDir).reduce((sum, { kib }) => sum + kib, 0);
}
