import net from 'node:net';

/** What came back on a raw connection: the parsed head and body, and whether the server closed it. */
export interface RawAnswer {
  status: number;
  statusLine: string;
  headers: Record<string, string>;
  body: string;
  /** The server ended the connection (rather than the wait running out). */
  closed: boolean;
}

/** `host` and `port` of a listener's URL, for node:net. */
export function addressOf(url: string): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname.replace(/^\[|\]$/g, ''), port: Number(u.port) };
}

/** Splits what a server wrote into status, headers and body (no chunked bodies: error answers carry a length). */
export function parseAnswer(text: string, closed: boolean): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  const head = end < 0 ? text : text.slice(0, end);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const l of lines) {
    const i = l.indexOf(':');
    if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
  }
  const status = Number(/^HTTP\/1\.[01] (\d{3}) /.exec(statusLine)?.[1] ?? 0);
  return { status, statusLine, headers, body: end < 0 ? '' : text.slice(end + 4), closed };
}

/**
 * Writes `data` on a new connection to `url`'s listener exactly as given (no client library
 * to correct it) and collects the answer until the server closes the connection or `waitMs`
 * passes.
 */
export function rawExchange(url: string, data: string | Buffer, waitMs = 3_000): Promise<RawAnswer> {
  const { host, port } = addressOf(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const chunks: Buffer[] = [];
    let closed = false;
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.on('data', (d) => chunks.push(d));
    socket.on('end', () => (closed = true));
    // A reset after the answer (the server closed with unread bytes) still leaves the answer.
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ECONNRESET' || e.code === 'EPIPE') closed = true;
      else reject(e);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseAnswer(Buffer.concat(chunks).toString('utf8'), closed));
    });
    socket.write(data);
  });
}

/** A raw connection kept open across requests, for keep-alive, timeout and connection-cap tests. */
export interface KeptConnection {
  socket: net.Socket;
  /** Writes `data` and resolves with the next complete answer (by its Content-Length). */
  request(data: string): Promise<RawAnswer>;
  /** Writes without waiting for an answer (a slow client's trickle). */
  write(data: string): void;
  /** Resolves when the server has closed the connection: ms since it opened, and every byte it wrote. */
  closed: Promise<{ ms: number; text: string }>;
}

/** Opens a connection to `url`'s listener; resolves once it is established. */
export function openConnection(url: string): Promise<KeptConnection> {
  const { host, port } = addressOf(url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect({ host, port });
    let all = '';
    let pending = '';
    let waiter: ((a: RawAnswer) => void) | undefined;
    let isClosed = false;
    const closed = new Promise<{ ms: number; text: string }>((done) =>
      socket.on('close', () => {
        isClosed = true;
        // A request the server never answered resolves with what came (status 0 if nothing).
        waiter?.(parseAnswer(pending, true));
        done({ ms: Date.now() - started, text: all });
      }),
    );
    socket.on('error', () => undefined);
    socket.on('data', (d) => {
      all += d.toString('utf8');
      pending += d.toString('utf8');
      const end = pending.indexOf('\r\n\r\n');
      if (end < 0 || !waiter) return;
      const a = parseAnswer(pending, false);
      const length = Number(a.headers['content-length'] ?? 0);
      if (Buffer.byteLength(a.body) < length) return;
      pending = '';
      const w = waiter;
      waiter = undefined;
      w(a);
    });
    socket.once('connect', () =>
      resolve({
        socket,
        closed,
        write: (data) => socket.write(data),
        request: (data) =>
          new Promise<RawAnswer>((done) => {
            if (isClosed) return done(parseAnswer('', true));
            waiter = done;
            socket.write(data);
          }),
      }),
    );
    socket.once('error', reject);
  });
}
