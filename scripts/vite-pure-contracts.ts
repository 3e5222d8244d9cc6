import { parseSync, type Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Declaration extends Node {
  kind?: string;
  declarations?: (Node & { init?: Node | null })[];
}
type Statement = Node & { declaration?: Declaration | null } & Declaration;

/** Initializers that compute something (a call or `new`); literals and arrows are already known to be pure. */
const COMPUTED = /[(`]/;

/**
 * Each top-level `const` of the module whose value is computed becomes a pure-annotated IIFE
 * (`const x = /* @__PURE__ *\/ (() => value)()`), same value at the same moment. The bundler cannot
 * tell that `z.object({…}).nullable()` has no side effects, so without this every schema of a
 * src-shared module stays in a chunk that imports one constant of it, and zod with it.
 */
export function markTopLevelConstsPure(code: string, filename: string): string | null {
  const { program } = parseSync(filename, code) as unknown as { program: { body: Statement[] } };
  const inits: Node[] = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const { init } of declaration.declarations ?? []) {
      if (init && init.type !== 'ArrowFunctionExpression' && init.type !== 'FunctionExpression' && COMPUTED.test(code.slice(init.start, init.end))) inits.push(init);
    }
  }
  if (inits.length === 0) return null;
  let out = code;
  for (const init of inits.sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => (${out.slice(init.start, init.end)}))()${out.slice(init.end)}`;
  }
  return out;
}

/**
 * src-shared holds the contracts: modules of zod schemas beside plain constants and functions the
 * renderer uses. Declaring their top-level constants pure lets the renderer's first screen take a
 * constant without the schemas around it (issue 26: zod is 90 KiB the sign-in and board do not run).
 */
export function pureContracts(sharedDir: string): Plugin {
  return {
    name: 'desk-pure-contracts',
    transform(code, id) {
      if (!id.startsWith(sharedDir) || !/\.ts$/.test(id)) return null;
      const out = markTopLevelConstsPure(code, id);
      return out === null ? null : { code: out, map: null };
    },
  };
}
