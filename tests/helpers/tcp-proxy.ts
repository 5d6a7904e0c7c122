import net from "node:net";

/**
 * A TCP proxy on a loopback port in front of `target` (the test PostgreSQL),
 * that a test can cut (stop listening and reset every open connection, as a
 * database that went away) and open again on the same port.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          // A reset on one side ends the other; nothing to report.
          socket.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    /** Refuses new connections and resets the open ones. */
    async cut() {
      const s = server;
      server = null;
      for (const socket of sockets) socket.resetAndDestroy();
      sockets.clear();
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    /** Listens again on the same port. */
    restore: listen,
    close() {
      return this.cut();
    },
  };
}
