import { describe, expect, it } from 'vitest';
import { markTopLevelConstsPure } from '../../../scripts/vite-pure-contracts';

const source = [
  "import { z } from 'zod';",
  'export const KINDS = [1, 2];',
  'export const kindSchema = z.enum(KINDS).nullable();',
  'const limit = 8e3;',
  'export function kind(value) { const local = z.string(); return local.parse(value); }',
  'z.config({});',
].join('\n');

describe('top-level constants of src-shared declared pure for the renderer build', () => {
  it('wraps a computed constant, same value, in a pure-annotated call the bundler may drop when unused', () => {
    const out = markTopLevelConstsPure(source, 'kinds.js') ?? '';
    expect(out).toContain('export const kindSchema = /* @__PURE__ */ (() => (z.enum(KINDS).nullable()))();');
    // The value is the same: the wrapper only runs the initializer.
    const run = new Function('z', `${out.replace(/^import .*$/m, '').replace(/export /g, '')}; return kindSchema;`);
    const z = { enum: (values: number[]) => ({ nullable: () => ({ values, nullable: true }) }), config: () => undefined, string: () => null };
    expect(run(z)).toEqual({ values: [1, 2], nullable: true });
  });

  it('leaves literals, functions and statements with effects as they are', () => {
    const out = markTopLevelConstsPure(source, 'kinds.js') ?? '';
    expect(out).toContain('export const KINDS = [1, 2];');
    expect(out).toContain('const limit = 8e3;');
    expect(out).toContain('const local = z.string();');
    expect(out).toContain('\nz.config({});');
    expect(markTopLevelConstsPure('export const a = 1;', 'a.js')).toBeNull();
  });
});
