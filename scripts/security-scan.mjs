#!/usr/bin/env node
/**
 * `npm run test:security`: runs @doyensec/electronegativity over the app's sources
 * and fails the build on any HIGH finding or on any MEDIUM finding that
 * docs/security.md does not document.
 *
 * How the scan is run, and why (see docs/security.md, "Electronegativity scan"):
 * - electronegativity takes one input directory and its global checks (navigation
 *   limits, permission handler, CSP) look at everything it loaded together, so
 *   src-main, src-shared and src-renderer are copied into one temp directory and
 *   scanned in a single run. tests/, dist/ and node_modules/ are never included.
 * - It loads .js/.jsx/.ts/.tsx/.html only and parses .ts with @babel/parser
 *   ("typescript" plugin), so no `-p` parser plugin is needed; .vue files are not
 *   loaded at all, so each .vue <script> block is copied into a `.vue.ts` file
 *   with the same line numbers.
 * - Without a package.json in the input it cannot detect the Electron version and
 *   assumes v0.1.0 (nodeIntegration on by default...), so the installed Electron
 *   version is passed (the CLI's `-e`).
 * - AvailableSecurityFixesGlobalCheck is excluded (the CLI's `-x`): it downloads
 *   Electron's release list from GitHub, which cannot work offline.
 * - The runner module is called in a child process (exactly what the CLI calls,
 *   with the same options) rather than the CLI itself, because with `-o` the CLI
 *   silently drops parse errors; here a file that fails to parse fails the scan.
 *   The CSV it writes is parsed and cross-checked against the returned findings.
 * - A deliberately insecure fixture is scanned too and must be flagged, so a
 *   scanner that parses nothing cannot pass.
 *
 * Equivalent CLI: electronegativity -i <temp dir> -o <temp dir>/scan.csv -r
 *                   -e <installed electron version> -x AvailableSecurityFixesGlobalCheck
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);
const require = createRequire(import.meta.url);

const SOURCE_DIRS = ['src-main', 'src-shared', 'src-renderer'];
const FIXTURE = 'tests/security/fixtures/insecure-window.ts';
const DOC = 'docs/security.md';
/** Each electronegativity run is killed after this; a normal run takes a few seconds. */
const RUN_TIMEOUT_MS = 90_000;
/** Needs GitHub (Electron's release list); offline it only burns time. */
const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck'];
/** Extensions electronegativity's directory loader picks up (dist/util/file.js). */
const SCANNED_EXTENSIONS = new Set(['.js', '.jsx', '.ts', '.tsx', '.html', '.htm']);
const SEVERITY_ORDER = ['HIGH', 'MEDIUM', 'LOW', 'INFORMATIONAL'];
/**
 * Checks whose findings count as HIGH whatever severity electronegativity gives them.
 * NODE_INTEGRATION_JS_CHECK reports an explicit `nodeIntegration: true` (or a value it
 * cannot read) only as INFORMATIONAL; in this app that is always a build failure.
 */
const TREAT_AS_HIGH = new Set(['NODE_INTEGRATION_JS_CHECK']);
/** What the fixture must produce, in each of its two forms (.ts and .vue). */
const FIXTURE_EXPECTATIONS = [
  { id: 'CONTEXT_ISOLATION_JS_CHECK', severity: 'HIGH' },
  { id: 'SANDBOX_JS_CHECK', severity: 'MEDIUM' },
  { id: 'NODE_INTEGRATION_JS_CHECK', severity: 'HIGH' },
];
const CSV_COLUMNS = ['issue', 'severity', 'confidence', 'filename', 'location', 'sample', 'description', 'url'];

if (process.argv[2] === '--run') {
  await runElectronegativity(...process.argv.slice(3));
} else {
  process.exitCode = await main();
}

// ---------------------------------------------------------------------------------
// Child process: one electronegativity run.

async function runElectronegativity(input, csvPath, jsonPath, electronVersion) {
  // electronegativity writes the CSV header and then the rows with two concurrent
  // fs.writeFile calls (dist/util/file.js). When the rows land first, the header
  // overwrites their beginning and the CSV is corrupt. In this child process only,
  // fs.writeFile is made synchronous so the writes happen in call order.
  const fs = require('node:fs');
  fs.writeFile = (file, data, options, callback) => {
    const done = typeof options === 'function' ? options : callback;
    try {
      fs.writeFileSync(file, data, typeof options === 'function' ? undefined : options);
      process.nextTick(() => done?.(null));
    } catch (error) {
      process.nextTick(() => done?.(error));
    }
  };
  const run = require('@doyensec/electronegativity');
  const result = await run({
    input,
    output: csvPath,
    isSarif: false,
    customScan: [],
    excludeFromScan: EXCLUDED_CHECKS.map((check) => check.toLowerCase()),
    isRelative: true,
    isVerbose: true,
    electronVersionOverride: electronVersion,
    parserPlugins: [],
  });
  const plain = {
    atomicChecks: result.atomicChecks,
    globalChecks: result.globalChecks,
    errors: result.errors.map((error) => ({ file: path.relative(input, error.file), message: error.message, tolerable: error.tolerable })),
    issues: result.issues.map((issue) => ({
      id: issue.id,
      severity: issue.severity.name,
      file: issue.file,
      location: `${issue.location.line}:${issue.location.column}`,
    })),
  };
  writeFileSync(jsonPath, JSON.stringify(plain));
  // The CSV is written asynchronously by electronegativity; the process ends once it is.
}

// ---------------------------------------------------------------------------------
// Parent: stage, scan, check.

async function main() {
  const started = Date.now();
  const failures = [];
  const work = mkdtempSync(path.join(tmpdir(), 'desk-security-scan-'));
  try {
    const electronVersion = installedElectronVersion();
    const allowlist = readAllowlist(path.join(ROOT, DOC));

    const appDir = path.join(work, 'app');
    const staged = stageSources(appDir);
    for (const hit of findInlineSuppressions(appDir)) {
      failures.push(`${hit}: electronegativity "eng-disable" comments hide findings from this scan; document the finding in ${DOC} instead`);
    }

    const fixtureDir = path.join(work, 'fixture');
    stageFixture(fixtureDir);

    const [app, fixture] = await Promise.all([
      scan('app', appDir, work, electronVersion),
      scan('fixture', fixtureDir, work, electronVersion),
    ]);

    // 1. The scanner works: the insecure fixture is flagged, in .ts and in .vue form.
    failures.push(...scanProblems(fixture, 'fixture'));
    const fixtureFiles = [FIXTURE, FIXTURE.replace(/\.ts$/, '.vue')];
    for (const file of fixtureFiles) {
      for (const expected of FIXTURE_EXPECTATIONS) {
        const hit = fixture.findings.some((f) => f.file === file && f.id === expected.id && f.effectiveSeverity === expected.severity);
        if (!hit) failures.push(`sanity fixture not flagged: expected ${expected.id} (${expected.severity}) in ${file}; the scanner is not analysing TypeScript`);
      }
    }

    // 2. The app scan looked at every source directory and parsed every file.
    failures.push(...scanProblems(app, 'app'));
    for (const dir of SOURCE_DIRS) {
      if (!staged.some((file) => file.startsWith(`${dir}/`))) failures.push(`nothing to scan in ${dir}/`);
    }

    // 3. Findings: no HIGH, every MEDIUM documented.
    const findings = app.findings.sort(
      (a, b) => SEVERITY_ORDER.indexOf(a.effectiveSeverity) - SEVERITY_ORDER.indexOf(b.effectiveSeverity) || a.id.localeCompare(b.id),
    );
    const used = new Set();
    for (const finding of findings) {
      if (finding.effectiveSeverity === 'HIGH') {
        failures.push(`HIGH ${finding.id} at ${finding.where}`);
      } else if (finding.effectiveSeverity === 'MEDIUM') {
        const entry = allowlist.find((row) => row.id === finding.id && row.where === finding.file);
        if (entry) {
          finding.note = 'documented';
          used.add(entry);
        } else {
          failures.push(`MEDIUM ${finding.id} at ${finding.where} is not documented in ${DOC} (add a "| ${finding.id} | ${finding.file} | why it does not apply |" row, or fix it)`);
        }
      }
    }

    const counts = { HIGH: 0, MEDIUM: 0, other: 0 };
    for (const f of findings) counts[f.effectiveSeverity === 'HIGH' || f.effectiveSeverity === 'MEDIUM' ? f.effectiveSeverity : 'other'] += 1;

    printTable(findings);
    const byExt = countBy(staged.map(describeStagedFile));
    console.log(
      `scanned ${staged.length} files (${Object.entries(byExt).map(([k, v]) => `${v} ${k}`).join(', ')}) from ${SOURCE_DIRS.join(', ')}` +
        ` with ${app.atomicChecks} atomic + ${app.globalChecks} global checks, Electron ${electronVersion};` +
        ` sanity fixture: ${fixture.findings.length} findings, ${fixture.findings.filter((f) => f.effectiveSeverity === 'HIGH').length} HIGH`,
    );
    for (const row of allowlist) {
      if (!used.has(row)) console.log(`note: ${DOC} documents ${row.id} at ${row.where}, not reported by this run`);
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (failures.length > 0) {
      console.error(`\nelectronegativity: FAILED (${seconds}s)`);
      for (const failure of failures) console.error(`  - ${failure}`);
      return 1;
    }
    console.log(
      `electronegativity: ${counts.HIGH} high, ${counts.MEDIUM} medium (all documented), ${counts.other} low/informational (${seconds}s)`,
    );
    return 0;
  } catch (error) {
    console.error(`electronegativity: FAILED: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function installedElectronVersion() {
  try {
    return require('electron/package.json').version;
  } catch {
    const range = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).devDependencies?.electron ?? '';
    const version = /\d+\.\d+\.\d+/.exec(range)?.[0];
    if (!version) throw new Error('cannot tell the Electron version (electron not installed, none in package.json)');
    return version;
  }
}

// ---------------------------------------------------------------------------------
// Staging

/** Copies the source dirs into `dir`, adds a `.vue.ts` twin per .vue file, returns the scanned files. */
function stageSources(dir) {
  for (const source of SOURCE_DIRS) {
    cpSync(path.join(ROOT, source), path.join(dir, source), {
      recursive: true,
      filter: (from) => !/[\\/](node_modules|dist)([\\/]|$)/.test(path.relative(ROOT, from)),
    });
  }
  for (const file of walk(dir)) {
    if (file.endsWith('.vue')) writeVueScript(file, readFileSync(file, 'utf8'));
  }
  return walk(dir)
    .filter((file) => SCANNED_EXTENSIONS.has(path.extname(file)))
    .map((file) => toPosix(path.relative(dir, file)));
}

function stageFixture(dir) {
  const source = readFileSync(path.join(ROOT, FIXTURE), 'utf8');
  const target = path.join(dir, FIXTURE);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, source);
  const vue = target.replace(/\.ts$/, '.vue');
  const sfc = `<template>\n  <div />\n</template>\n\n<script setup lang="ts">\n${source}</script>\n`;
  writeFileSync(vue, sfc);
  writeVueScript(vue, sfc);
}

/**
 * electronegativity does not load .vue files: their <script> blocks go into
 * `<name>.vue.ts` (or .js/.tsx), everything else blanked so line numbers still match.
 */
function writeVueScript(file, sfc) {
  let out = '';
  let lang = 'js';
  let last = 0;
  for (const match of sfc.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    out += blank(sfc.slice(last, match.index + match[0].length - match[2].length - '</script>'.length));
    out += match[2];
    last = match.index + match[0].length - '</script>'.length;
    const declared = /\blang\s*=\s*["']?(ts|tsx|js|jsx)\b/.exec(match[1])?.[1];
    if (declared) lang = declared;
  }
  out += blank(sfc.slice(last));
  writeFileSync(`${file}.${lang}`, out);
}

function blank(text) {
  return text.replace(/[^\n]/g, '');
}

function walk(dir) {
  const files = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) files.push(...walk(full));
    else files.push(full);
  }
  return files;
}

function findInlineSuppressions(dir) {
  const hits = [];
  for (const file of walk(dir)) {
    if (!SCANNED_EXTENSIONS.has(path.extname(file))) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (/eng-disable/i.test(line)) hits.push(`${fromStaged(toPosix(path.relative(dir, file)))}:${index + 1}`);
      });
  }
  return hits;
}

function describeStagedFile(file) {
  if (/\.vue\.(ts|tsx|js|jsx)$/.test(file)) return '.vue <script>';
  return path.extname(file);
}

// ---------------------------------------------------------------------------------
// Running and reading a scan

async function scan(name, input, work, electronVersion) {
  const csvPath = path.join(work, `${name}.csv`);
  const jsonPath = path.join(work, `${name}.json`);
  const child = await spawnWithTimeout(process.execPath, [SELF, '--run', input, csvPath, jsonPath, electronVersion], RUN_TIMEOUT_MS);
  const problems = [];
  if (child.timedOut) throw new Error(`electronegativity (${name}) did not finish within ${RUN_TIMEOUT_MS / 1000}s`);
  if (child.code !== 0 || !existsSync(jsonPath) || !existsSync(csvPath)) {
    throw new Error(`electronegativity (${name}) failed (exit ${child.code ?? child.signal}):\n${child.stderr || child.stdout}`);
  }
  const result = JSON.parse(readFileSync(jsonPath, 'utf8'));
  const rows = parseCsv(readFileSync(csvPath, 'utf8'));
  const header = rows.shift()?.map((cell) => cell.trim()) ?? [];
  if (header.join() !== CSV_COLUMNS.join()) throw new Error(`unexpected electronegativity CSV header: ${header.join(', ')}`);
  const findings = rows.map((cells) => {
    if (cells.length !== CSV_COLUMNS.length) throw new Error(`malformed electronegativity CSV row: ${cells.join(',')}`);
    const row = Object.fromEntries(CSV_COLUMNS.map((column, i) => [column, cells[i]]));
    const file = fromStaged(toPosix(row.filename));
    const line = row.location.split(':')[0];
    const effectiveSeverity = TREAT_AS_HIGH.has(row.issue) ? 'HIGH' : row.severity;
    return {
      id: row.issue,
      severity: row.severity,
      effectiveSeverity,
      confidence: row.confidence,
      file,
      where: file === 'N/A' ? 'N/A (global)' : `${file}:${line}`,
      rawFile: row.filename,
      location: row.location,
      note: effectiveSeverity === row.severity ? '' : `reported ${row.severity}, treated as HIGH`,
    };
  });
  // The CSV is written asynchronously; make sure it holds exactly what the scan returned.
  const key = (f) => `${f.id}|${f.severity}|${f.file}|${f.location}`;
  const fromCsv = findings.map((f) => key({ ...f, file: f.rawFile })).sort();
  const fromRun = result.issues.map((f) => key(f)).sort();
  if (fromCsv.join('\n') !== fromRun.join('\n')) problems.push(`electronegativity's CSV (${fromCsv.length} rows) does not match its findings (${fromRun.length})`);
  return { ...result, findings, problems };
}

function scanProblems(result, name) {
  const problems = [...result.problems];
  for (const error of result.errors) {
    const file = fromStaged(toPosix(error.file));
    // Tolerable: parsed in esprima's tolerant mode, the file was still analysed.
    if (error.tolerable) console.log(`note: ${name}: ${file} parsed with a warning: ${error.message}`);
    else problems.push(`${name}: electronegativity could not analyse ${file}: ${error.message}`);
  }
  if (!(result.atomicChecks > 0)) problems.push(`${name}: electronegativity loaded no checks`);
  return problems;
}

function spawnWithTimeout(command, args, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      // en-US: the bundled English messages; the online translations fetch may fail.
      env: { ...process.env, LANG: 'en-US', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut });
    });
  });
}

/** RFC 4180: quoted fields, "" escapes, commas and line breaks inside quotes. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
      field = '';
    } else {
      field += char;
    }
  }
  if (quoted) throw new Error('electronegativity CSV ends inside a quoted field');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

// ---------------------------------------------------------------------------------
// docs/security.md allowlist

/**
 * Rows of the table between `<!-- security-scan:allowlist:start -->` and `:end -->`:
 * `| CHECK_ID | file (or N/A for a global check) | why it does not apply |`.
 */
function readAllowlist(file) {
  const text = readFileSync(file, 'utf8');
  const block = /<!--\s*security-scan:allowlist:start\s*-->([\s\S]*?)<!--\s*security-scan:allowlist:end\s*-->/.exec(text);
  if (!block) throw new Error(`${DOC} has no "<!-- security-scan:allowlist:start -->" ... ":end -->" table`);
  const rows = [];
  for (const line of block[1].split('\n')) {
    if (!line.trim().startsWith('|')) continue;
    const cells = line.trim().replace(/^\||\|$/g, '').split('|').map((cell) => cell.trim().replace(/^`|`$/g, ''));
    if (cells.length < 3 || /^-+$/.test(cells[0].replace(/:/g, '')) || /^check$/i.test(cells[0])) continue;
    const [id, where, ...why] = cells;
    const reason = why.join('|').trim();
    if (!/^[A-Z][A-Z0-9_]*_CHECK$/.test(id)) throw new Error(`${DOC}: "${id}" is not an electronegativity check id`);
    if (reason.length < 20) throw new Error(`${DOC}: ${id} needs a real reason why it does not apply`);
    rows.push({ id, where, reason });
  }
  if (rows.length === 0) throw new Error(`${DOC}: the allowlist table is empty`);
  return rows;
}

// ---------------------------------------------------------------------------------
// Output helpers

function printTable(findings) {
  if (findings.length === 0) {
    console.log('no findings');
    return;
  }
  const rows = [
    ['CHECK', 'SEVERITY', 'CONFIDENCE', 'WHERE', 'NOTE'],
    ...findings.map((f) => [f.id, f.effectiveSeverity, f.confidence, f.where, f.note]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd());
}

function countBy(values) {
  const counts = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

function toPosix(file) {
  return file.split(path.sep).join('/');
}

/** `src-renderer/App.vue.ts` (the extracted script) is reported as `src-renderer/App.vue`. */
function fromStaged(file) {
  return file.replace(/\.vue\.(ts|tsx|js|jsx)$/, '.vue');
}
