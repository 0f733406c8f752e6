import { connect, createServer, type Server, type Socket } from 'node:net';

/** A TCP relay between the platform and its PostgreSQL server that the fault suite can cut or stall. */
export interface TcpProxy {
  port: number;
  /**
   * The database goes away as a stopped or restarting server does: every open connection is
   * closed and new ones are refused, until `restore`.
   */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  /**
   * The database stops answering without closing anything, as behind a network partition: no byte
   * crosses either way on open connections, and new ones are accepted but go nowhere, until
   * `resume` (then what was held back flows on, as TCP would deliver it).
   */
  stall(): void;
  resume(): void;
  close(): Promise<void>;
}

/** Relays 127.0.0.1:`port` (a free port) to `target`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  let stalled = false;
  const held: (() => void)[] = [];

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  function relay(client: Socket): void {
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  }

  async function listen(): Promise<void> {
    const listening = createServer((client) => {
      track(client);
      if (stalled) {
        client.pause();
        held.push(() => {
          if (!client.destroyed) relay(client);
        });
      } else relay(client);
    });
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });
    const address = listening.address();
    port = typeof address === 'object' && address ? address.port : port;
    server = listening;
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
    stall() {
      stalled = true;
      // Reading nothing more on either side: what is written waits in the sockets' buffers.
      for (const socket of sockets) socket.pause();
    },
    resume() {
      stalled = false;
      for (const socket of sockets) socket.resume();
      for (const start of held.splice(0)) start();
    },
    close: cut,
  };
}
