/**
 * Packaging checks for electron-builder.yml, fully offline.
 *
 * The real Electron binary cannot be downloaded on these machines, so the build uses a
 * stand-in Electron folder (`-c.electronDist`): an `electron` shell script that carries an
 * Electron fuse wire (so @electron/fuses can flip it exactly as it would in the real
 * binary), an empty `locales/` and an empty `resources/` without any .asar.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { DebugLogger } from 'builder-util';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import type { Configuration } from 'app-builder-lib';
import { build, Platform } from 'electron-builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const configFile = path.join(projectDir, 'electron-builder.yml');

/** Marker @electron/fuses looks for, then wire version 1, wire length 8, one byte per fuse. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron 45 defaults: RunAsNode on, cookie encryption off, NODE_OPTIONS on, inspect on,
 * asar integrity off, only-asar off, browser V8 snapshot off, file:// privileges on. */
const ELECTRON_DEFAULT_FUSES = '10110001';

async function loadConfig(): Promise<Configuration> {
  return getConfig(projectDir, configFile, null);
}

function validate(config: Configuration): Promise<void> {
  return validateConfiguration(config, new DebugLogger(false));
}

async function makeStandInElectron(dir: string): Promise<string> {
  const dist = path.join(dir, 'electron');
  await mkdir(path.join(dist, 'locales'), { recursive: true });
  await mkdir(path.join(dist, 'resources'), { recursive: true });
  const script = [
    '#!/bin/sh',
    'echo "stand-in Electron used by tests/packaging: the real binary is not installed" >&2',
    'exit 1',
    `# fuse wire: ${FUSE_SENTINEL}\u0001\u0008${ELECTRON_DEFAULT_FUSES}`,
    '',
  ].join('\n');
  await writeFile(path.join(dist, 'electron'), Buffer.from(script, 'latin1'));
  await chmod(path.join(dist, 'electron'), 0o755);
  return dist;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('electron-builder.yml', () => {
  it('passes electron-builder 26 schema validation, and the validation rejects a bad key', async () => {
    const config = await loadConfig();
    await expect(validate(config)).resolves.toBeUndefined();

    expect(config.asar).toBe(true);
    expect(config.npmRebuild).toBe(false);
    expect(config.directories).toMatchObject({ output: 'release', buildResources: 'build' });
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });

    // Windows: NSIS for technicians and updates, MSI per machine for hospital IT; signing only from the environment.
    const win = config.win!;
    expect(win.target).toEqual(['nsis', 'msi']);
    expect(config.nsis).toMatchObject({ perMachine: true, oneClick: false });
    expect(config.msi).toMatchObject({ perMachine: true, oneClick: true, runAfterFinish: false, upgradeCode: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/) });
    expect(win).toMatchObject({ forceCodeSigning: false, verifyUpdateCodeSignature: true, signtoolOptions: { publisherName: 'Desk Console' } });
    const secrets = JSON.stringify(config).match(/cscLink|cscKeyPassword|certificatePassword|certificateFile|certificateSha1/g);
    expect(secrets, 'no certificate or password in the configuration').toBeNull();
    // Updates: a generic server (each deployment's own address replaces the placeholder at run time).
    expect(config.publish).toMatchObject({ provider: 'generic', channel: 'latest', url: expect.stringMatching(/^https:\/\//) });
    // Linux: AppImage (updatable) and deb (for IT's own repository).
    expect(config.linux!.target).toEqual(['dir', 'AppImage', 'deb']);

    // The same validator must fail on an unknown key, at the top level and nested.
    const unknownTopLevel = { ...structuredClone(config), notAnElectronBuilderKey: true } as Configuration;
    await expect(validate(unknownTopLevel)).rejects.toThrow(/notAnElectronBuilderKey/);
    const misspelledFuse = { ...structuredClone(config), electronFuses: { ...config.electronFuses, runAsNodee: false } } as Configuration;
    // electron-builder 26 names only the parent object for a nested unknown key.
    await expect(validate(misspelledFuse)).rejects.toThrow(/configuration\.electronFuses should be one of/);
  });

  describe('linux dir build with a stand-in Electron', () => {
    let workDir = '';
    let appOutDir = '';
    let asarEntries: string[] = [];

    beforeAll(async () => {
      const built = ['dist/main/main.js', 'dist/preload/preload.cjs', 'dist/renderer/index.html'];
      if (!built.every((file) => existsSync(path.join(projectDir, file)))) {
        execFileSync('npm', ['run', 'build'], { cwd: projectDir, stdio: 'inherit' });
      }
      workDir = await mkdtemp(path.join(tmpdir(), 'desk-console-packaging-'));
      const electronDist = await makeStandInElectron(workDir);
      const output = path.join(workDir, 'release');

      const started = performance.now();
      const outputs = await build({
        projectDir,
        targets: Platform.LINUX.createTarget('dir'),
        publish: 'never',
        config: {
          extends: configFile,
          electronDist,
          npmRebuild: false,
          directories: { output },
        },
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.info(`electron-builder --linux dir took ${seconds} s`);

      expect(outputs).toEqual([]); // the dir target produces no artifact file
      const unpackedDirs = (await readdir(output)).filter((name) => name.startsWith('linux') && name.endsWith('unpacked'));
      expect(unpackedDirs).toHaveLength(1);
      appOutDir = path.join(output, unpackedDirs[0]!);
      asarEntries = listPackage(path.join(appOutDir, 'resources/app.asar'), { isPack: false }).map((entry) =>
        entry.replace(/^[/\\]/, '').split(path.sep).join('/'),
      );
    });

    afterAll(async () => {
      if (workDir) await rm(workDir, { recursive: true, force: true });
    });

    const hasEntry = (entry: string): boolean => asarEntries.includes(entry);
    const hasPackage = (name: string): boolean => hasEntry(`node_modules/${name}/package.json`);

    it('puts the built app and package.json in app.asar, without source maps, the preview host or the sandbox CLI', () => {
      for (const entry of ['package.json', 'dist/main/main.js', 'dist/preload/preload.cjs', 'dist/renderer/index.html']) {
        expect(hasEntry(entry), entry).toBe(true);
      }
      expect(asarEntries.some((e) => e.startsWith('dist/main/chunks/') && e.endsWith('.js'))).toBe(true);
      expect(asarEntries.some((e) => e.startsWith('dist/renderer/assets/') && e.endsWith('.js'))).toBe(true);
      expect(asarEntries.filter((e) => e.endsWith('.map'))).toEqual([]);
      expect(hasEntry('dist/main/web-host.js')).toBe(false);
      expect(hasEntry('dist/main/sandbox.js')).toBe(false);
    });

    it('ships the runtime dependencies and nothing dev-only', () => {
      for (const name of ['zod', 'undici', 'fastify', 'jose', 'usb']) expect(hasPackage(name), name).toBe(true);
      const devOnly = ['vue', 'vuetify', 'vite', 'vitest', 'electron', 'electron-builder', 'app-builder-lib', 'typescript', 'pinia', 'vue-router', 'vue-i18n', '@vitejs', '@playwright', '@vue', '@mdi', '@fontsource', 'eslint', 'jsdom'];
      const leaked = devOnly.filter((name) => asarEntries.some((e) => e === `node_modules/${name}` || e.startsWith(`node_modules/${name}/`)));
      expect(leaked).toEqual([]);
      const sources = asarEntries.filter((e) => /^(src-[^/]+|tests|scripts|build|docs)(\/|$)/.test(e) || /^tsconfig[^/]*\.json$/.test(e));
      expect(sources).toEqual([]);
      expect(asarEntries.filter((e) => e.startsWith('node_modules/usb/libusb/') || e.startsWith('node_modules/usb/src/'))).toEqual([]);
    });

    it('unpacks the usb native prebuilds next to app.asar', async () => {
      const unpacked = path.join(appOutDir, 'resources/app.asar.unpacked');
      const nodeFiles = (await filesUnder(unpacked)).filter((file) => file.endsWith('.node'));
      expect(nodeFiles.every((file) => file.startsWith('node_modules/usb/prebuilds/'))).toBe(true);
      const platformDir = `${process.platform}-${process.arch}`;
      expect(nodeFiles.some((file) => file.startsWith(`node_modules/usb/prebuilds/${platformDir}/`))).toBe(true);
      expect(nodeFiles).toContain('node_modules/usb/prebuilds/win32-x64/node.napi.node');
      expect(nodeFiles).toContain('node_modules/usb/prebuilds/darwin-x64+arm64/node.napi.node');
    });

    it('ships the udev rule and flips the Electron fuses in the executable', async () => {
      const rule = await readFile(path.join(appOutDir, 'resources/udev/60-desk-console-printers.rules'), 'utf8');
      expect(rule).toMatch(/TAG\+="uaccess"/);

      const wire = await getCurrentFuseWire(path.join(appOutDir, 'desk-console'));
      const on = '1'.charCodeAt(0); // FuseState.ENABLE (not exported by @electron/fuses)
      const off = '0'.charCodeAt(0); // FuseState.DISABLE
      expect(wire[FuseV1Options.RunAsNode]).toBe(off);
      expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(on);
      expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(off);
      expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(off);
      expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(on);
      expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(on);
      expect(wire[FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]).toBe(off);
      expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(off);
    });
  });
});
