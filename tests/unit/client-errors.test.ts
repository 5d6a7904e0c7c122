import http from "node:http";
import net, { type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { answerOversizedHeaders } from "../../server/client-errors";

/**
 * The answers to requests Node's parser refuses (server/client-errors.ts), on
 * a bare server: the test holds the server's side of each connection, so it
 * can report a parser error again, as Node may on a connection it already
 * refused (decision 0101).
 */
describe("answers to requests Node cannot parse", () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  async function start() {
    server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => res.end("ok"));
    });
    answerOversizedHeaders(server);
    const sockets: Socket[] = [];
    server.on("connection", (socket: Socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return { port: (server.address() as AddressInfo).port, sockets };
  }

  it("keeps draining a refused connection when its error is reported again, so the client still sending reads the 431", async () => {
    const { port, sockets } = await start();
    // Half-open, as a client still uploading is: it goes on sending after the server's side is closed.
    const client = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    let text = "";
    const errors: string[] = [];
    client.on("data", (d) => (text += d.toString("latin1")));
    client.on("error", (error: NodeJS.ErrnoException) => errors.push(error.code ?? String(error)));
    const closed = new Promise<void>((resolve) => client.on("close", () => resolve()));
    client.write(`GET /?q=${"x".repeat(20_000)}`);
    await new Promise<void>((resolve) => {
      const poll = () => (text.includes("\r\n\r\n") ? resolve() : setTimeout(poll, 5));
      poll();
    });
    expect(text).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);

    // The same connection's error once more: before, this destroyed the socket while the client was sending.
    const serverSide = sockets[0]!;
    server!.emit("clientError", Object.assign(new Error("Header overflow"), { code: "HPE_HEADER_OVERFLOW" }), serverSide);
    expect(serverSide.destroyed).toBe(false);
    for (let i = 0; i < 20; i++) {
      client.write(Buffer.alloc(64 * 1024, 0x61));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(serverSide.destroyed).toBe(false);
    client.end();
    await closed;
    expect(errors).toEqual([]);
  });

  it("answers 400 for a malformed chunked body whose request is already being handled, as Node would", async () => {
    const { port } = await start();
    const client = net.connect(port, "127.0.0.1");
    let text = "";
    client.on("data", (d) => (text += d.toString("latin1")));
    client.on("error", () => {});
    const closed = new Promise<void>((resolve) => client.on("close", () => resolve()));
    client.write("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");
    await new Promise((resolve) => setTimeout(resolve, 50));
    client.write("2\r\nab\r\nZZ\r\n");
    await closed;
    expect(text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  });
});
