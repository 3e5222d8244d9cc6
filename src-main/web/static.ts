import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
};

export interface StaticFile {
  body: Buffer;
  contentType: string;
}

/**
 * Resolves a URL path inside the built renderer, refusing anything that escapes it.
 * Unknown paths fall back to index.html (the router uses hash history, so this only
 * serves a reload of `/`). Shared by the app:// protocol and the preview host.
 */
export async function readRendererFile(rendererDir: string, urlPath: string): Promise<StaticFile | null> {
  const root = path.resolve(rendererDir);
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  const wanted = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (wanted !== root && !wanted.startsWith(`${root}${path.sep}`)) return null;
  const target = (await isFile(wanted)) ? wanted : path.join(root, 'index.html');
  if (!(await isFile(target))) return null;
  return {
    body: await readFile(target),
    contentType: TYPES[path.extname(target).toLowerCase()] ?? 'application/octet-stream',
  };
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
