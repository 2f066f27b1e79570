/**
 * Hosts that are down in the ways a real one is, on 127.0.0.1, each counting what reaches it:
 * - `blackHole()`: accepts the connection and never answers (an overloaded or filtered host);
 * - `failing(status)`: answers every request with `status` (503: a service that is down);
 * - `slow(ms, handler)`: answers as `handler` says, after `ms`;
 * - `refusedUrl()`: a port nothing listens on (the connection is refused);
 * - `UNRESOLVABLE_URL`: a name no resolver knows (`.invalid` is reserved for that, RFC 2606).
 * For the service tests, the end-to-end tests and the bench.
 */
import * as http from 'node:http';
import * as net from 'node:net';

export const UNRESOLVABLE_URL = 'https://openlibrary.invalid';

export interface DeadHost {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Connections accepted so far. */
  readonly connections: number;
  /** Requests whose head arrived so far (a black hole counts none: it never reads them). */
  readonly requests: number;
  close(): Promise<void>;
}

/** Accepts every connection and never answers: each socket stays open until `close()`. */
export async function blackHole(): Promise<DeadHost> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  const url = await listen(server);
  return {
    url,
    get connections() {
      return connections;
    },
    requests: 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Answers every request with `status` and a short JSON body. */
export function failing(status: number): Promise<DeadHost> {
  return answering((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { code: status, message: 'Service unavailable' } }));
  });
}

/** Answers as `handler` does, `ms` after the request came. */
export function slow(ms: number, handler: http.RequestListener): Promise<DeadHost> {
  return answering((req, res) => {
    const timer = setTimeout(() => handler(req, res), ms);
    res.on('close', () => clearTimeout(timer));
  });
}

/** A loopback address whose port nothing listens on: taken, then freed. */
export async function refusedUrl(): Promise<string> {
  const server = net.createServer();
  const url = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return url;
}

async function answering(handler: http.RequestListener): Promise<DeadHost> {
  let connections = 0;
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    handler(req, res);
  });
  server.on('connection', () => connections++);
  const url = await listen(server);
  return {
    url,
    get connections() {
      return connections;
    },
    get requests() {
      return requests;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function listen(server: net.Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve(`http://127.0.0.1:${port}`);
    });
  });
}
