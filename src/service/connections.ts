/**
 * The connection limit, kept so that a new client (a /healthz probe) always gets in: at
 * `maxConnections` open connections a new one is still accepted, and the connection that has
 * been idle longest (open, with no request being answered: one that never sent a request, a
 * keep-alive connection between requests, a slow client still sending its headers) is closed to
 * make room. Up to {@link CONNECTION_RESERVE} more are let in when every open connection has a
 * request in flight; beyond that the socket layer refuses them. So idle sockets, however many a
 * client opens, never keep others out (docs/service.md, "Limits").
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Connections let in beyond the limit while every open one is busy. */
export const CONNECTION_RESERVE = 64;

/** What {@link limitConnections} gives: a count for tests and logs, and the shutdown's closing of idle sockets. */
export interface ConnectionLimit {
  /** How many connections were closed to make room. */
  evicted(): number;
  /**
   * From now on (the server is closing), a connection with no request being answered is closed:
   * those idle now (a browser's preconnected socket that never sent a request, a keep-alive
   * connection between requests, a client still sending its headers) at once, the others when
   * their last response is sent. Node's own closing of idle connections leaves a socket that
   * never sent a request open until the headers timeout.
   */
  closeIdle(): void;
}

/**
 * Applies the limit of `max` connections to `server` (see the module comment). Returns its
 * {@link ConnectionLimit}. Throws nothing.
 */
export function limitConnections(server: Server, max: number): ConnectionLimit {
  server.maxConnections = max + CONNECTION_RESERVE;
  // each open socket with its requests in flight, oldest first (a Map keeps insertion order)
  const open = new Map<Socket, number>();
  let evicted = 0;
  let closing = false;
  server.on('connection', (socket: Socket) => {
    open.set(socket, 0);
    socket.once('close', () => open.delete(socket));
    if (open.size <= max) return;
    for (const [s, busy] of open) {
      if (busy === 0 && s !== socket) {
        s.destroy();
        open.delete(s);
        evicted++;
        return;
      }
    }
  });
  server.on('request', (req, res) => {
    const s = req.socket;
    if (!open.has(s)) return;
    open.set(s, open.get(s)! + 1);
    res.once('close', () => {
      const n = open.get(s);
      if (n === undefined) return;
      open.set(s, n - 1);
      if (closing && n === 1) s.destroySoon();
    });
  });
  return {
    evicted: () => evicted,
    closeIdle: () => {
      closing = true;
      for (const [s, busy] of open) if (busy === 0) s.destroy();
    },
  };
}
