import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const MDI_CSS = '@mdi/font/css/materialdesignicons.css';
/** One icon's rule in @mdi/font's stylesheet: `.mdi-name::before {\n  content: "\F0001";\n}`. */
const ICON_RULE = /\.mdi-([a-z0-9-]+)::before \{\s*content: "\\[0-9A-F]+";\s*\}\s*/g;
const ICON_NAME = /\bmdi-[a-z0-9]+(?:-[a-z0-9]+)*/g;

/** Every `mdi-…` name written in these texts (templates, scripts, Vuetify's icon aliases). */
export function iconNames(texts: Iterable<string>): Set<string> {
  const names = new Set<string>();
  for (const text of texts) for (const [name] of text.matchAll(ICON_NAME)) names.add(name.slice('mdi-'.length));
  return names;
}

/** @mdi/font's stylesheet with only the icon rules of `used`: the font face and helper classes stay. */
export function keepIcons(css: string, used: ReadonlySet<string>): string {
  return css.replace(ICON_RULE, (rule, name: string) => (used.has(name) ? rule : ''));
}

function sourceTexts(dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(vue|ts)$/.test(file))
      .map((file) => readFileSync(path.join(dir, file), 'utf8')),
  );
}

/**
 * The icon font's stylesheet carries 7,400 icon rules (590 KiB the page parses before anything shows);
 * the desk draws a few dozen. Its import is replaced by the same stylesheet holding only the icons
 * named in the sources and in Vuetify's aliases, found at each build: an icon added to a template is
 * in the next build with nothing to declare. A name built at run time (`mdi-${x}`) is not found: write names whole.
 */
export function usedIcons(sourceDirs: readonly string[]): Plugin {
  const require = createRequire(import.meta.url);
  const cssFile = path.normalize(require.resolve(MDI_CSS));
  return {
    name: 'desk-used-icons',
    // Before Vite's own CSS handling, which then resolves the font URLs as for the untouched file.
    enforce: 'pre',
    transform(css, id) {
      if (path.normalize(id.split('?')[0]!) !== cssFile) return null;
      const aliases = readFileSync(require.resolve('vuetify/lib/iconsets/mdi.js'), 'utf8');
      return { code: keepIcons(css, iconNames([...sourceTexts(sourceDirs), aliases])), map: null };
    },
  };
}
