import { parseArgs } from 'node:util';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { rmSync } from 'node:fs';
import type { ReadyInfo } from '../../engine/api/bootstrap.js';
import { startHostThread } from '../host-thread.js';
import { watchLifeline } from './lifeline.js';
import { DEFAULT_PORTS } from '../constants.js';
import { dataFolderNotice, secureDataFolder } from '../../node/db/data-folder.js';

const USAGE = `Usage: tariff-desk <command> [options]

Commands:
  serve     run the service headless (API, connect service, connect web app)
  start     the desktop app; serves it in the browser where Electron is missing
  listen    forward a running host's events to a local URL: listen --forward-to URL [--secret whsec_…] (listen --help)
  trigger   record one event on a running host: trigger TYPE [--data JSON] (trigger --help)
  resolve   end a pending DIRECT connection on a running host: resolve TARIFF_ID succeed|fail
  clock     read or move a running host's service clock: clock [set|freeze|advance|real] (clock --help)
  schedule  when to use energy at a location: schedule LOCATION_ID --duration MIN | --energy KWH … (schedule --help)
  costs     what usage costs at a location on a running host: costs LOCATION_ID --usage FILE.csv (costs --help);
            what stored meter records cost: costs session REF, costs interval ID [--aggregation DAY|MONTH]
  bill      the whole bill of a location over local months: bill LOCATION_ID --from 2026-01 --to 2027-01
            [--usage FILE.csv] [--generation FILE.csv | --pv KWH_PER_YEAR] [--credits CARRIED] … (bill --help)
  meters    submit a meter CSV as meter records: meters submit LOCATION_ID FILE.csv [--device ID] [--session REF]
  tariffs   import a URDB rate as a tariff: tariffs import FILE.json --location LOCATION_ID [--dry-run] (tariffs --help)
  connect   connect tokens on a running host: connect token | connect complete --token COT … (connect --help)
  webhooks  check an endpoint's receiver on a running host: webhooks check ENDPOINT_ID [--json] (webhooks --help)
  export    write the test-mode world as a workspace folder: export DIR [--data-dir D]
  import    load a workspace folder as the test-mode world: import DIR [--data-dir D] [--replace]

Options for serve and start:
  --data-dir DIR          where the database lives (default: $TARIFF_DESK_DATA_DIR or ~/.tariff-desk)
  --api-port N            REST API port (default 7071; 0 picks a free one)
  --connect-port N        connect service port (default 7072)
  --connect-web-port N    hosted connect web app port (default 7070)
  --app-port N            the admin app in a browser (default 7073)
  --no-demo               do not seed the demo data on a first start
  --workspace DIR         start from a workspace in a new temporary data folder (removed on exit)
  --host ADDR             interface to bind (default 127.0.0.1)
  --api-version V         the API version requests are answered in when they name none and their account chose
                          none: 2025-09-14.anode (Anode, the default) or 2024-08-24 (Zero); kept in the data folder
  --workers N             worker threads for heavy requests (default: the machine's cores less one, at least 1;
                          0 computes everything on the service thread)
  --json                  print one JSON line once ready; then, when standard input is a pipe,
                          stop when it is closed (a driver keeps it open while it needs the host)
  --detached              keep running when the process that started it ends (default: stop with it)

Options for listen, trigger and resolve:
  --api-url URL           the running host's API (default: the host running on --data-dir, else http://127.0.0.1:7071)
  --account ID --key KEY  credentials (default: the test key in --data-dir)`;

export function defaultDataDir(): string {
  return process.env.TARIFF_DESK_DATA_DIR ?? join(homedir(), '.tariff-desk');
}

function port(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`--${name} must be a port number 0–65535`);
  return n;
}

const PORT_OPTIONS = [
  ['api-port', 'apiPort', DEFAULT_PORTS.api],
  ['connect-port', 'connectPort', DEFAULT_PORTS.connect],
  ['connect-web-port', 'connectWebPort', DEFAULT_PORTS.connectWeb],
  ['app-port', 'appPort', DEFAULT_PORTS.app],
] as const;

/** A port taken by another process, said with the option that sets it (the error crossed a thread: only its message is left). */
function portInUse(e: unknown, ports: Partial<Record<(typeof PORT_OPTIONS)[number][1], number>>): Error | undefined {
  const m = /EADDRINUSE\b.*:(\d+)\s*$/.exec(e instanceof Error ? e.message : String(e));
  if (!m) return undefined;
  const n = Number(m[1]);
  const named = PORT_OPTIONS.filter(([, key, fallback]) => (ports[key] ?? fallback) === n).map(([option, key]) =>
    ports[key] === undefined ? `--${option} (default ${n})` : `--${option} ${n}`,
  );
  return new Error(
    `port ${n} is already in use${named.length ? ` (${named.join(', ')})` : ''}: another program (or another ` +
      `tariff-desk serve) listens there; pick a free port with that option, or 0 for any free one`,
  );
}

function friendly(info: ReadyInfo): string {
  return [
    'Tariff Desk is running.',
    `  REST API          ${info.api_url}`,
    `  Connect service   ${info.connect_service_url}`,
    `  Connect web app   ${info.connect_web_url}`,
    ...(info.app_url ? [`  Admin app         ${info.app_url}`] : []),
    `  Account           ${info.account_id}`,
    `  Test key          ${info.test_key}`,
    `  Live key          ${info.live_key}`,
    `  Data folder       ${info.data_dir}`,
    `  Wire profile      ${info.wire_profile}`,
    `  API version       ${info.api_version}`,
    ...(info.workspace ? [`  Workspace         ${info.workspace}`] : []),
    'Log in: GET /login with Basic base64(account_id:api_key). Ctrl+C stops.',
  ].join('\n');
}

/** The generation `--api-version` names; loaded on use, so a plain `serve` keeps the schemas off this thread. */
async function generationNamed(version: string) {
  const { VERSION_SPELLINGS, generationOf } = await import('../../engine/versions.js');
  const g = generationOf(version);
  if (!g)
    throw new Error(`--api-version must be one of ${VERSION_SPELLINGS.join(', ')}, not ${JSON.stringify(version)}`);
  return g;
}

/** `--workers N`: the pool's worker threads, 0 (the pool off) to 64. */
function workerCount(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > 64)
    throw new Error(`--workers must be a whole number from 0 to 64, not ${JSON.stringify(text)}`);
  return n;
}

async function serve(args: string[], notice?: (info: ReadyInfo) => string): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      'data-dir': { type: 'string' },
      'api-port': { type: 'string' },
      'connect-port': { type: 'string' },
      'connect-web-port': { type: 'string' },
      'app-port': { type: 'string' },
      'no-demo': { type: 'boolean', default: false },
      host: { type: 'string' },
      json: { type: 'boolean', default: false },
      workspace: { type: 'string' },
      detached: { type: 'boolean', default: false },
      'api-version': { type: 'string' },
      workers: { type: 'string' },
    },
    strict: true,
  });
  const workers = values.workers === undefined ? undefined : workerCount(values.workers);
  const apiVersion = values['api-version'] === undefined ? undefined : await generationNamed(values['api-version']);
  const workspace = values.workspace === undefined ? undefined : resolve(values.workspace);
  if (workspace && values['data-dir'])
    throw new Error('--workspace starts from a new temporary data folder; leave out --data-dir');
  const ports = {
    apiPort: port(values['api-port'], 'api-port'),
    connectPort: port(values['connect-port'], 'connect-port'),
    connectWebPort: port(values['connect-web-port'], 'connect-web-port'),
    appPort: port(values['app-port'], 'app-port'),
  };
  // A workspace is loaded into its folder here, before the host starts (the one case that loads
  // the service's modules on this thread).
  const dataDir = workspace
    ? (await import('./workspace.js')).dataDirFromWorkspace(workspace)
    : resolve(values['data-dir'] ?? defaultDataDir());
  // Secrets live there: an existing folder other users could read is made owner-only, and said so.
  const narrowed = secureDataFolder(dataDir);
  if (narrowed.length > 0) process.stderr.write(dataFolderNotice(dataDir, narrowed) + '\n');
  // On a thread of its own, so the service's heap is sized by the host (SERVICE_HEAP in host-thread.ts).
  const running = await startHostThread({
    dataDir,
    host: values.host,
    ...ports,
    demo: !values['no-demo'] && !workspace,
    ...(apiVersion ? { apiVersion } : {}),
    ...(workers !== undefined ? { workers } : {}),
  }).catch((e: unknown) => {
    if (workspace) rmSync(dataDir, { recursive: true, force: true });
    throw portInUse(e, ports) ?? e;
  });
  const info: ReadyInfo = workspace ? { ...running.info, workspace } : running.info;
  if (notice) process.stdout.write(notice(info) + '\n');
  process.stdout.write((values.json ? JSON.stringify(info) : friendly(info)) + '\n');
  let unwatch = () => {};
  await new Promise<void>((done) => {
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      void running.stop().then(() => {
        if (workspace) rmSync(dataDir, { recursive: true, force: true });
        done();
      });
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    // A driver that died (killed, or a wrapper such as npx that did not pass its signal on) must
    // not leave the host holding its ports and its temporary folder.
    if (!values.detached)
      unwatch = watchLifeline(
        (why) => {
          process.stderr.write(`tariff-desk: ${why}; stopping\n`);
          stop();
        },
        { stdin: values.json },
      );
    // A thread that ends by itself (out of memory) ends the command with its error.
    running.ended.then(undefined, (e: unknown) => {
      process.exitCode = 1;
      process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
      done();
    });
  });
  unwatch();
  return process.exitCode === 1 ? 1 : 0;
}

/**
 * `npm start`: the desktop app where Electron is installed; otherwise one line saying so, and
 * the same app served to the browser by the headless host.
 */
async function start(args: string[]): Promise<number> {
  const { electronBinary } = await import('../electron-runtime.js');
  const bin = electronBinary();
  if (bin) {
    const { spawn } = await import('node:child_process');
    const { packageRoot } = await import('../paths.js');
    // Electron runs the package folder: its package.json `main` names the compiled entry.
    const child = spawn(bin, [packageRoot(), ...args], { stdio: 'inherit' });
    return new Promise((done) => child.on('exit', (code) => done(code ?? 0)));
  }
  return serve(args, (info) => `Electron runtime not installed: serving Tariff Desk in the browser at ${info.app_url}`);
}

type Command = (args: string[], dataDir: string) => Promise<number>;

/** The commands that talk to a host or a data folder, each loaded on use: `serve` keeps them off its thread. */
const COMMANDS: Record<string, () => Promise<Command>> = {
  listen: async () => (await import('./webhooks.js')).listen,
  trigger: async () => (await import('./webhooks.js')).trigger,
  resolve: async () => (await import('./resolve.js')).resolvePendingCommand,
  clock: async () => (await import('./clock.js')).clock,
  costs: async () => (await import('./costs/command.js')).costsCommand,
  bill: async () => (await import('./bill.js')).billCommand,
  schedule: async () => (await import('./schedule.js')).scheduleCommand,
  meters: async () => (await import('./meters.js')).metersCommand,
  tariffs: async () => (await import('./tariffs.js')).tariffsCommand,
  connect: async () => (await import('./connect.js')).connectCommand,
  webhooks: async () => (await import('./webhooks-check.js')).webhooksCommand,
  export: async () => (await import('./workspace.js')).exportCommand,
  import: async () => (await import('./workspace.js')).importCommand,
};

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    const load = command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
    if (load) return await (await load())(rest, defaultDataDir());
    switch (command) {
      case 'serve':
      case 'start':
        if (rest.some((a) => a === '--help' || a === '-h')) {
          process.stdout.write(USAGE + '\n');
          return 0;
        }
        return await (command === 'serve' ? serve(rest) : start(rest));
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        process.stdout.write(USAGE + '\n');
        return command === undefined ? 2 : 0;
      default:
        process.stderr.write(`Unknown command '${command}'.\n${USAGE}\n`);
        return 2;
    }
  } catch (err) {
    process.stderr.write(`tariff-desk: ${(err as Error).message}\n`);
    return 1;
  }
}
