import { fstatSync, readFileSync } from 'node:fs';

/** How often `serve` looks whether the process that started it is still there. */
export const PARENT_POLL_MS = 1000;

/**
 * This process's parent now. `process.ppid` is read once at start, so on Linux the live value
 * comes from /proc; elsewhere the first parent is asked whether it still exists.
 */
function parentGone(first: number): boolean {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // "pid (name) state ppid …": the name may hold spaces and parentheses, so count from the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (Number.isInteger(ppid)) return ppid !== first;
  } catch {
    // No /proc (macOS, Windows): ask the first parent below.
  }
  try {
    process.kill(first, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Whether standard input is a pipe or a socket another process holds open (not a terminal, a file or /dev/null). */
function stdinIsPipe(): boolean {
  try {
    const s = fstatSync(0);
    return s.isFIFO() || s.isSocket();
  } catch {
    return false;
  }
}

/**
 * Calls `stop` (once) when whatever started `serve` goes away, so a host whose driver died never
 * lingers holding its ports and temporary folder: when the parent process ends (the host is
 * handed to another parent), and, with `stdin`, when standard input is a pipe and its writer
 * closes it. Answers the function that ends the watch.
 */
export function watchLifeline(stop: (why: string) => void, opts: { stdin: boolean }): () => void {
  let done = false;
  const once = (why: string) => {
    if (done) return;
    done = true;
    end();
    stop(why);
  };
  const first = process.ppid;
  // Started by init (a container's entry, a service manager): there is no parent to outlive.
  const timer =
    first > 1
      ? setInterval(() => {
          if (parentGone(first)) once('the process that started it ended');
        }, PARENT_POLL_MS).unref()
      : undefined;
  const watchStdin = opts.stdin && stdinIsPipe();
  const closed = () => once('standard input was closed');
  if (watchStdin) {
    process.stdin.on('end', closed).on('error', closed);
    process.stdin.resume();
  }
  function end(): void {
    clearInterval(timer);
    if (watchStdin) {
      process.stdin.off('end', closed);
      // A pipe being read keeps the process alive.
      process.stdin.destroy();
    }
  }
  return () => {
    done = true;
    end();
  };
}
