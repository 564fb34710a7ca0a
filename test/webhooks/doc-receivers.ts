import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** The fenced block of docs/webhooks.md whose first line is `first`: the receivers are tested as printed. */
export function docBlock(first: string): string {
  const doc = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
  const blocks = [...doc.matchAll(/```\w*\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const found = blocks.filter((b) => b.startsWith(first + '\n'));
  if (found.length !== 1) throw new Error(`docs/webhooks.md has ${found.length} blocks starting ${first}`);
  return found[0]!;
}

/** Starts a receiver program with a secret of its own on a free port; answers its address once it listens. */
export async function startReceiver(command: string, file: string, secret: string) {
  const child = spawn(command, [file], { env: { ...process.env, WEBHOOK_SECRET: secret, PORT: '0' } });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const m = /^listening on (http:\/\/\S+)$/.exec(line);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`${command} ${file} exited ${code}: ${stderr}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((r) => {
        if (child.exitCode !== null || child.signalCode !== null) return r();
        child.on('exit', () => r());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The Node receiver docs/webhooks.md prints (`receiver.mjs`), run as its own process with
 * `secret`: it answers 200 to what verifies with that secret, 401 to anything else.
 */
export function docsNodeReceiver(secret: string) {
  const file = join(mkdtempSync(join(tmpdir(), 'td-doc-receiver-')), 'receiver.mjs');
  writeFileSync(file, docBlock('// receiver.mjs'));
  return startReceiver(process.execPath, file, secret);
}
