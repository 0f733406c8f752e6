import { connect, createServer, type Server, type Socket } from 'node:net';

/** A TCP relay between the platform and its PostgreSQL server that the fault suite can cut. */
export interface TcpProxy {
  port: number;
  /**
   * The database goes away as a stopped or restarting server does: every open connection is
   * closed and new ones are refused, until `restore`.
   */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Relays 127.0.0.1:`port` (a free port) to `target`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  async function listen(): Promise<void> {
    const relay = createServer((client) => {
      const upstream = connect(target.port, target.host);
      track(client);
      track(upstream);
      client.once('close', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      relay.once('error', reject);
      relay.listen(port, '127.0.0.1', () => resolve());
    });
    const address = relay.address();
    port = typeof address === 'object' && address ? address.port : port;
    server = relay;
  }

  async function cut(): Promise<void> {
    const closing = server;
    server = undefined;
    const closed = closing ? new Promise<void>((resolve) => closing.close(() => resolve())) : undefined;
    for (const socket of sockets) socket.destroy();
    await closed;
  }

  await listen();
  return {
    port,
    cut,
    restore: listen,
    close: cut,
  };
}
