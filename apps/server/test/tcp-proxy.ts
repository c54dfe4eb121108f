import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export type TcpProxy = {
  /** The port clients connect to; it stays the same across cuts. */
  port: number;
  /** Stops listening and destroys every connection, as a lost server or network would. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  /** Holds what clients send, keeping the connections open, as a server that stopped answering. */
  stall(): void;
  /** Sends on what was held, in order, and everything after it. */
  resume(): void;
  close(): Promise<void>;
};

/** A TCP proxy on 127.0.0.1 in front of `target`, cut and restored at will. */
export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  let stalled = false;
  const held: [Socket, Buffer][] = [];

  function pipe(client: Socket) {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const s of [client, upstream]) s.on('error', drop).on('close', drop);
    client.on('data', (chunk: Buffer) => (stalled ? held.push([upstream, chunk]) : upstream.write(chunk)));
    upstream.pipe(client);
  }

  async function listen() {
    const s = createServer(pipe);
    await new Promise<void>((resolve, reject) => s.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
    server = s;
    port = (s.address() as AddressInfo).port;
  }

  async function cut() {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  await listen();
  return {
    get port() {
      return port;
    },
    cut,
    restore: listen,
    stall: () => void (stalled = true),
    resume() {
      stalled = false;
      for (const [upstream, chunk] of held.splice(0)) if (!upstream.destroyed) upstream.write(chunk);
    },
    close: cut,
  };
}

/** A local port nothing listens on. */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
