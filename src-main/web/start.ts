import nodeModule from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Node ≥ 22.1 keeps compiled code in the system's temp folder, so that from the second start on a
// computer nothing is compiled again: the host's own first code (the log: pino, zod, ~1 MB) as well as
// the desk's. Enabled in a file of its own because a static import is compiled before any line runs.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { runPreviewHost } = await import('./cli');
runPreviewHost(path.dirname(fileURLToPath(import.meta.url)));
