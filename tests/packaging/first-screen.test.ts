import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_BUDGET_KIB, firstScreenSizes } from '../bench/first-screen';

const rendererDir = fileURLToPath(new URL('../../dist/renderer', import.meta.url));

describe('the built renderer (after npm run build)', () => {
  it('loads at most 700 KiB of JavaScript before sign-in and the board, measured as npm run bench does', () => {
    expect(existsSync(path.join(rendererDir, '.vite', 'manifest.json')), 'dist/renderer has no build manifest: run npm run build first').toBe(true);
    const sizes = firstScreenSizes(rendererDir);
    const total = sizes.reduce((sum, { kib }) => sum + kib, 0);
    // On failure, the largest files say what came into the first screen.
    const largest = sizes.slice(0, 8).map(({ file, kib }) => `${kib.toFixed(1)} KiB ${file}`).join('\n');
    expect(total, `first screen ${total.toFixed(1)} KiB > ${FIRST_SCREEN_BUDGET_KIB} KiB; largest files:\n${largest}`).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET_KIB);
  });
});
