import type http from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";

/**
 * A request line or headers past Node's limit (16 KB) never reach a handler:
 * Node's parser answers 431 (or 414) and destroys the socket at once. A client
 * still sending a body then gets a TCP reset instead of the answer. Here the
 * answer is written, our side half-closed, and whatever the client still sends
 * is read and thrown away (for at most 10 s), so it reads the 431. A listener
 * here turns Node's own answers off for every parser error, so the others get
 * theirs here too, as Node would give them: a request it cannot parse (a header
 * line without a colon, two Content-Lengths, a control character in the path)
 * gets 400, one that took too long 408, and so does a request whose body
 * turns out malformed while its handler runs, as long as nothing of its answer
 * was sent. A connection the client reset is only closed.
 */
export function answerOversizedHeaders(server: http.Server): void {
  // A connection already answered here: Node's parser stays in its error state, so a later event on the same
  // connection (the client's end, more bytes) can report the same error again. The answer stands, and the
  // draining goes on; destroying the socket then would reset a client still sending (decision 0101).
  const answered = new WeakSet<Duplex>();
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (answered.has(socket)) return;
    const status = clientErrorAnswer(error.code);
    // As Node decides: an answer is written unless one has already begun on this connection. A request whose
    // handler is running but has sent nothing yet (its chunked body turned out malformed) gets its 400 here.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (!status || !socket.writable || inFlight?.headersSent) {
      if (!socket.destroyed) socket.destroy(error);
      return;
    }
    answered.add(socket);
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.on("error", () => {});
    socket.resume();
    setTimeout(() => socket.destroy(), 10_000).unref();
  });
}

function clientErrorAnswer(code: string | undefined): string | null {
  switch (code) {
    case "ECONNRESET":
      return null;
    case "HPE_HEADER_OVERFLOW":
      return "431 Request Header Fields Too Large";
    case "HPE_URI_TOO_LONG":
      return "414 URI Too Long";
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return "413 Payload Too Large";
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return "408 Request Timeout";
    default:
      return "400 Bad Request";
  }
}
