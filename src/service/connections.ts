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

/**
 * Applies the limit of `max` connections to `server` (see the module comment). Returns a function
 * telling how many connections were closed to make room (for tests and logs). Throws nothing.
 */
export function limitConnections(server: Server, max: number): () => number {
  server.maxConnections = max + CONNECTION_RESERVE;
  // each open socket with its requests in flight, oldest first (a Map keeps insertion order)
  const open = new Map<Socket, number>();
  let evicted = 0;
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
      if (n !== undefined) open.set(s, n - 1);
    });
  });
  return () => evicted;
}
