import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { until } from './until';

/** A certificate authority made for one test run, and a server certificate it issued for localhost. */
export interface TestCa {
  caPem: string;
  cert: string;
  key: string;
  /** Another authority that issued nothing here: trusting it alone must not help. */
  strangerCaPem: string;
}

/** Generates both with Debian's openssl into a temporary folder, removed afterwards. */
export function makeTestCa(): TestCa {
  const dir = mkdtempSync(path.join(tmpdir(), 'desk-ca-'));
  try {
    const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    const ca = (name: string) =>
      run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.pem`, '-days', '2', '-subj', `/CN=${name}`,
        '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
    ca('Desk Test CA');
    ca('Stranger CA');
    run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost');
    writeFileSync(path.join(dir, 'ext.cnf'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
    run('x509', '-req', '-in', 'server.csr', '-CA', 'Desk Test CA.pem', '-CAkey', 'Desk Test CA.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'ext.cnf');
    const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
    return { caPem: read('Desk Test CA.pem'), cert: read('server.pem'), key: read('server.key'), strangerCaPem: read('Stranger CA.pem') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Debian's tinyproxy on 127.0.0.1, with its log, as a hospital's forward proxy. */
export interface RunningProxy {
  url: string;
  /** What the proxy logged so far (its CONNECT lines). */
  log(): string;
  stop(): Promise<void>;
}

/** `basicAuth` makes it answer 407 to a desk that does not authenticate, as a hospital's proxy does. */
export async function startTinyproxy(options: { basicAuth?: boolean } = {}): Promise<RunningProxy> {
  const dir = mkdtempSync(path.join(tmpdir(), 'desk-proxy-'));
  const port = await freePort();
  const logFile = path.join(dir, 'tinyproxy.log');
  writeFileSync(logFile, '');
  // No ConnectPort line: CONNECT to any port (the sandbox's are random), LogLevel Connect logs each CONNECT line.
  writeFileSync(
    path.join(dir, 'tinyproxy.conf'),
    [`Port ${port}`, 'Listen 127.0.0.1', 'Timeout 30', `LogFile "${logFile}"`, 'LogLevel Connect', 'MaxClients 50', 'Allow 127.0.0.1',
      ...(options.basicAuth ? ['BasicAuth desk secret'] : [])].join('\n'),
  );
  const child: ChildProcess = spawn('tinyproxy', ['-d', '-c', path.join(dir, 'tinyproxy.conf')], { stdio: 'ignore' });
  await until(() => accepts(port), 15_000);
  return {
    url: `http://127.0.0.1:${port}`,
    log: () => readFileSync(logFile, 'utf8'),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
