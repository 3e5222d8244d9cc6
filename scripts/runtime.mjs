// The tests must run on Electron 45's own runtime (Node 22): the `node@22` devDependency puts
// its `node` first on the PATH of npm scripts, whatever Node the machine has.
const major = Number(process.versions.node.split('.')[0]);
console.log(`tests run on Node ${process.version}`);
if (major < 22) {
  console.error('The npm scripts did not pick up Node 22 from the node@22 devDependency: run `npm ci` first.');
  process.exit(1);
}
