// Host start-up: from process spawn to the first `/login` answered, on a new data folder each
// time, for the compiled build (`dist/node/cli.js`, what users run) and for the TypeScript
// sources compiled at run time by tsx (how the command line ran before the build existed).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fmt, stats } from './lib.js';
import { FREE_PORTS } from '../host/cli.js';

async function once(cmd: string[]): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'td-startup-'));
  const started = performance.now();
  const child = spawn(cmd[0]!, [...cmd.slice(1), 'serve', '--json', '--data-dir', dir, ...FREE_PORTS], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`exited ${code} before ready`)));
    });
    const info = JSON.parse(line) as { api_url: string; account_id: string; test_key: string };
    const auth = 'Basic ' + Buffer.from(`${info.account_id}:${info.test_key}`).toString('base64');
    const r = await fetch(`${info.api_url}/login`, { headers: { authorization: auth } });
    if (r.status !== 200) throw new Error(`login answered ${r.status}`);
    return performance.now() - started;
  } finally {
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchStartup(rounds = 5): Promise<void> {
  const variants: [string, string[]][] = [
    ['compiled (node dist/node/cli.js)', [process.execPath, 'dist/node/cli.js']],
    ['sources through tsx (before)', [process.execPath, 'node_modules/tsx/dist/cli.mjs', 'core/hosts/cli/bin.ts']],
  ];
  const times = new Map<string, number[]>(variants.map(([name]) => [name, []]));
  // Interleaved, so a busy moment of the machine weighs on both alike.
  for (let i = 0; i < rounds; i++) for (const [name, cmd] of variants) times.get(name)!.push(await once(cmd));
  for (const [name, ms] of times) {
    const s = stats(ms);
    console.log(
      `startup to first /login, new data folder, ${name}: median ${fmt(s.p50, 0)} ms, min ${fmt(s.min, 0)} ms, mean ${fmt(s.mean, 0)} ms (n=${s.n})`,
    );
  }
}
