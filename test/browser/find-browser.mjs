// Finds a Chromium for the Playwright-driven browser tests without downloading anything.
// Plain ESM JavaScript so that both Node scripts and Vitest can import it.
//
// Order: CHROMIUM_PATH, a system Chromium/Chrome, Playwright's own installed browser, then the
// Chromium shipped inside the npm package @sparticuz/chromium (Linux x64 only). Returns
// { executablePath, source, args, env } or null; pass `env` to chromium.launch() as it is
// (undefined means the browser inherits process.env).

import { spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, isAbsolute, join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';

/** Flags for every launch: root in a container needs --no-sandbox; the rest keep the browser offline and quiet. */
export const BROWSER_FLAGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]);

export const MISSING_BROWSER_MESSAGE =
  'No Chromium for the browser tests: set CHROMIUM_PATH to a Chromium binary, install chromium (apt-get install chromium), or npm install @sparticuz/chromium (Linux x64).';

export const SYSTEM_BROWSER_NAMES = Object.freeze([
  'chromium',
  'chromium-browser',
  'google-chrome',
  'google-chrome-stable',
]);
export const SYSTEM_BROWSER_PATHS = Object.freeze(SYSTEM_BROWSER_NAMES.map((name) => `/usr/bin/${name}`));

/**
 * @param {NodeJS.ProcessEnv} [env] the environment to read CHROMIUM_PATH and PATH from
 * @returns {Promise<{ executablePath: string, source: string, args: string[], env?: NodeJS.ProcessEnv } | null>}
 */
export async function findBrowser(env = process.env) {
  return fromEnv(env) ?? fromSystem(env) ?? (await fromPlaywright()) ?? (await fromSparticuz(env));
}

function found(executablePath, source, extraEnv) {
  return { executablePath, source, args: [...BROWSER_FLAGS], env: extraEnv };
}

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isExecutable(path) {
  if (!isFile(path)) return false;
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

// An explicit override wins whenever the file exists, so a broken binary fails loudly at launch
// instead of being silently replaced by another browser.
function fromEnv(env) {
  const path = env.CHROMIUM_PATH;
  return path && isFile(path) ? found(path, 'CHROMIUM_PATH') : null;
}

function fromSystem(env) {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const name of SYSTEM_BROWSER_NAMES) {
      const path = join(dir, name);
      if (isExecutable(path)) return found(path, `system ${path}`);
    }
  }
  for (const path of SYSTEM_BROWSER_PATHS) {
    if (isExecutable(path)) return found(path, `system ${path}`);
  }
  return null;
}

// Optional packages are resolved from this file's location and, failing that, from the working
// directory, so a script run from elsewhere still finds the project's node_modules.
function resolveOptional(name) {
  for (const base of [import.meta.url, pathToFileURL(join(process.cwd(), 'noop.js')).href]) {
    try {
      return createRequire(base).resolve(name);
    } catch {
      // not installed there
    }
  }
  return null;
}

async function importOptional(name) {
  const path = resolveOptional(name);
  if (!path) return null;
  try {
    return { path, module: await import(pathToFileURL(path).href) };
  } catch {
    return null;
  }
}

// Only a browser that `npx playwright install` already put on disk; never triggers a download.
async function fromPlaywright() {
  for (const name of ['playwright', 'playwright-core']) {
    const loaded = await importOptional(name);
    const chromium = loaded?.module.chromium ?? loaded?.module.default?.chromium;
    if (!chromium) continue;
    try {
      const path = chromium.executablePath();
      if (path && isExecutable(path)) return found(path, 'playwright');
    } catch {
      // this Playwright has no Chromium build for the platform
    }
  }
  return null;
}

/** Walks up from a resolved entry file to the package.json of `name`. */
function packageRoot(entry, name) {
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    try {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      if (pkg.name === name) return { dir, version: String(pkg.version) };
    } catch {
      // keep walking
    }
  }
  return null;
}

let sparticuzResult; // one decompression and check per process

async function fromSparticuz(env) {
  // The npm package ships only a Linux x86-64 binary.
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  sparticuzResult ??= prepareSparticuz();
  const prepared = await sparticuzResult;
  if (!prepared) return null;
  return found(prepared.executablePath, prepared.source, { ...env, ...prepared.env });
}

async function prepareSparticuz() {
  const loaded = await importOptional('@sparticuz/chromium');
  const Chromium = loaded?.module.default ?? loaded?.module;
  if (typeof Chromium?.executablePath !== 'function') return null;
  const root = packageRoot(loaded.path, '@sparticuz/chromium');
  const source = `@sparticuz/chromium${root ? ` ${root.version}` : ''}`;
  const tmp = tmpdir();
  try {
    // executablePath() inflates into os.tmpdir() and treats any existing /tmp/chromium as done, so
    // a second process (another Vitest worker) would get a half-written file: serialise it.
    return await withLock(join(tmp, 'sparticuz-chromium.lock'), async () => {
      let executablePath = await Chromium.executablePath();
      const extra = { FONTCONFIG_PATH: writeFontConfig(tmp) };
      let check = runVersion(executablePath, extra);
      let libraries = false;
      let reinflated = false;
      // Each repair is tried at most once, in whichever order the failures show up.
      for (;;) {
        const stale = check.ok && root && !check.version.includes(` ${root.version.split('.')[0]}.`);
        if (check.ok && !stale) break;
        if (!check.ok && check.missingLibrary && !libraries && root) {
          // Outside AWS Lambda the package does not unpack its own libnss3/libnspr4/libexpat
          // (bin/al2023.tar.br); a machine without them gets that copy on LD_LIBRARY_PATH.
          libraries = true;
          const libDir = unpackLibraries(join(root.dir, 'bin', 'al2023.tar.br'), join(tmp, 'al2023'));
          extra.LD_LIBRARY_PATH = [libDir, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
        } else if (!reinflated && (stale || !check.missingLibrary)) {
          // Left by another version of the package (it never replaces an existing file), or
          // truncated by a process that died while inflating: inflate again.
          reinflated = true;
          rmSync(executablePath, { force: true });
          rmSync(join(tmp, 'fonts'), { recursive: true, force: true });
          executablePath = await Chromium.executablePath();
          extra.FONTCONFIG_PATH = writeFontConfig(tmp);
        } else break;
        check = runVersion(executablePath, extra);
      }
      if (!check.ok) {
        process.stderr.write(`find-browser: ${source} does not start here: ${check.reason}\n`);
        return null;
      }
      return { executablePath, source, env: extra };
    });
  } catch (error) {
    process.stderr.write(
      `find-browser: ${source} could not be prepared: ${error instanceof Error ? error.message : error}\n`,
    );
    return null;
  }
}

/** Runs `chromium --version`: proves the binary is whole and its shared libraries load (~10 ms). */
function runVersion(executablePath, extra) {
  const r = spawnSync(executablePath, ['--version'], {
    env: { ...process.env, ...extra },
    encoding: 'utf8',
    timeout: 30_000,
  });
  const stderr = r.stderr ?? '';
  if (!r.error && r.status === 0 && /chrom/i.test(r.stdout ?? '')) return { ok: true, version: r.stdout.trim() };
  return {
    ok: false,
    missingLibrary: /error while loading shared libraries/.test(stderr),
    reason: (r.error?.message ?? stderr.trim().split('\n')[0]) || `exit ${r.status ?? r.signal}`,
  };
}

/**
 * The bundled Chromium links fontconfig statically. With no configuration it reads the system's,
 * and on a machine without fonts it draws text as nothing at all. This configuration keeps the
 * system fonts when there are any and adds the Open Sans that the package unpacks to <tmp>/fonts.
 */
function writeFontConfig(tmp) {
  const dir = join(tmp, 'sparticuz-fontconfig');
  mkdirSync(dir, { recursive: true });
  const xml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const conf = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
    '<fontconfig>',
    '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
    `  <dir>${xml(join(tmp, 'fonts'))}</dir>`,
    `  <cachedir>${xml(join(dir, 'cache'))}</cachedir>`,
    '</fontconfig>',
    '',
  ].join('\n');
  const file = join(dir, 'fonts.conf');
  if (!existsSync(file) || readFileSync(file, 'utf8') !== conf) {
    writeFileSync(`${file}.${process.pid}`, conf);
    renameSync(`${file}.${process.pid}`, file);
  }
  return dir;
}

/** Unpacks the package's brotli-compressed tarball of shared libraries; returns its lib folder. */
function unpackLibraries(archive, dest) {
  const libDir = join(dest, 'lib');
  if (existsSync(join(libDir, 'libnss3.so'))) return libDir;
  const staging = `${dest}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  untar(brotliDecompressSync(readFileSync(archive)), staging);
  rmSync(dest, { recursive: true, force: true });
  renameSync(staging, dest);
  return libDir;
}

/** Minimal ustar reader: regular files and folders, which is all that archive holds. */
function untar(buf, dest) {
  for (let off = 0; off + 512 <= buf.length;) {
    const header = buf.subarray(off, off + 512);
    if (header.every((b) => b === 0)) break;
    const field = (from, to) => header.subarray(from, to).toString('utf8').split('\0')[0];
    const prefix = field(257, 262) === 'ustar' ? field(345, 500) : '';
    const name = normalize(prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    const size = parseInt(field(124, 136).trim() || '0', 8);
    const type = field(156, 157) || '0';
    const mode = parseInt(field(100, 108).trim() || '644', 8);
    off += 512;
    if (isAbsolute(name) || name.startsWith('..')) throw new Error(`unsafe path in ${dest}: ${name}`);
    const target = join(dest, name);
    if (type === '5') mkdirSync(target, { recursive: true });
    else if (type === '0') {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, buf.subarray(off, off + size), { mode });
    }
    off += Math.ceil(size / 512) * 512;
  }
}

/** A lock folder shared by every process on the machine; a holder that died is given up on after 2 minutes. */
async function withLock(lock, fn) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error?.code !== 'EEXIST') throw error;
      let age;
      try {
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {
        continue; // released meanwhile
      }
      if (age > 120_000) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock}`, { cause: error });
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
