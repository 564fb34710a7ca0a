import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ReadyInfo } from '../../core/hosts/host.js';

/** Every surface on a port the system picks, so suites run side by side. */
export const FREE_PORTS = ['--api-port', '0', '--connect-port', '0', '--connect-web-port', '0', '--app-port', '0'];

export const BIN = fileURLToPath(new URL('../../dist/node/cli.js', import.meta.url));

export interface Spawned {
  child: ChildProcess;
  info: ReadyInfo;
  lines: string[];
  exited: Promise<number | null>;
  /** Everything the command wrote to stderr so far. */
  stderr: () => string;
}

/** Runs `tariff-desk serve --json` on a data folder and free ports; resolves with its ready line. */
export function spawnServe(dataDir: string, extra: string[] = []): Promise<Spawned> {
  return spawnServeWith(['--data-dir', dataDir, ...extra]);
}

/** `tariff-desk serve --json ARGS` on free ports: its ready line, or why it exited first. */
export function spawnServeWith(args: string[]): Promise<Spawned> {
  const child = spawn(process.execPath, [BIN, 'serve', '--json', ...FREE_PORTS, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const lines: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.on('line', (line) => {
      lines.push(line);
      if (lines.length === 1) {
        try {
          resolve({ child, info: JSON.parse(line), lines, exited, stderr: () => stderr });
        } catch (e) {
          reject(new Error(`not JSON: ${line}`));
        }
      }
    });
    void exited.then((code) => reject(new Error(`serve exited ${code} before ready: ${stderr}`)));
  });
}

/**
 * `tariff-desk listen --forward-to URL` (or, with `forwardTo` undefined, only `extra`, e.g.
 * `--endpoint whe_…`) against a spawned host; its stdout lines collect in `lines`.
 */
export function spawnListen(
  host: Pick<Spawned, 'info'>,
  dataDir: string,
  forwardTo: string | undefined,
  extra: string[] = [],
) {
  const child = spawn(process.execPath, [
    BIN,
    'listen',
    ...(forwardTo === undefined ? [] : ['--forward-to', forwardTo]),
    ...extra,
    '--api-url',
    host.info.api_url,
    '--data-dir',
    dataDir,
  ]);
  const lines: string[] = [];
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  createInterface({ input: child.stdout }).on('line', (l) => lines.push(l));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, lines, exited, stderr: () => stderr };
}

/** Stops the spawned processes, each with its signal (a listener on SIGINT, a host on SIGTERM), and waits for their exits. */
export async function stopAll(...procs: [ChildProcess, NodeJS.Signals][]): Promise<void> {
  await Promise.all(
    procs.map(([child, signal]) => {
      if (child.exitCode !== null || child.signalCode !== null) return undefined;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill(signal);
      return exited;
    }),
  );
}
