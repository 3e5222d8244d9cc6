// Fails when git tracks `node_modules` (a worktree's symlink caught by `git add -A`):
// landing such a commit makes the checkout on main replace the shared node_modules folder.
import { execFileSync } from 'node:child_process';

const tracked = execFileSync('git', ['ls-files', '--', 'node_modules'], { encoding: 'utf8' }).trim();
if (tracked) {
  console.error('lint: git tracks node_modules (a symlink committed by `git add -A`).');
  console.error('      Run `git rm --cached node_modules && git commit`: landing it would wipe the shared node_modules on main.');
  process.exit(1);
}
