import http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { sendResponse } from "../../server/router-adapter";

/**
 * How the React Router bridge sends an answer (server/router-adapter.ts), on a
 * bare Express app that hands it a Response the test makes: one whose body
 * fails before its first byte, and a page a visitor already holds.
 */
describe("sending React Router's answer", () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  async function serve(make: () => Response): Promise<string> {
    const app = express();
    app.use(compression());
    app.get("/", (req, res, next) => {
      sendResponse(req, res, make(), "", undefined, false).catch(next);
    });
    app.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(500).type("text/plain").send("Something went wrong on our side. Please try again.");
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server!.once("listening", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }

  it("sends none of the route's headers with the error answer when its body fails before any byte was sent", async () => {
    const url = await serve(
      () =>
        new Response(
          new ReadableStream({
            pull(controller) {
              controller.error(new Error("render failed"));
            },
          }),
          { headers: { "Set-Cookie": "session=abc; HttpOnly", "Content-Type": "text/html; charset=utf-8", "X-Route": "yes" } },
        ),
    );
    const res = await fetch(url);
    expect(res.status).toBe(500);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.headers.get("x-route")).toBeNull();
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await res.text()).toBe("Something went wrong on our side. Please try again.");
  });

  it("gives a 304 the Vary its 200 had", async () => {
    const url = await serve(() => new Response(`<!doctype html><p>${"page ".repeat(400)}</p>`, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get("vary")).toBe("Accept-Encoding");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\//);
    const again = await fetch(url, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("vary")).toBe("Accept-Encoding");
  });
});
