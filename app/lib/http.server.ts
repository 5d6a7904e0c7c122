/** A request the server refuses with a 4xx before any business rule runs. */
export class BadRequest extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export const FORM_BODY_LIMIT = 32 * 1024;

/** Reads the body as text, refusing (413) past `limit` bytes whatever Content-Length claims. */
export async function readBodyText(request: Request, limit = FORM_BODY_LIMIT): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw new BadRequest(413, "The request is too large.");
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new BadRequest(413, "The request is too large.");
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new BadRequest(400, "The request body is not valid UTF-8 text.");
  }
}

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** A urlencoded form post (what a plain <form> and React Router's fetchers send) as a plain object. */
export async function readForm(request: Request, limit = FORM_BODY_LIMIT): Promise<Record<string, string>> {
  const type = mediaType(request);
  if (type !== "application/x-www-form-urlencoded") {
    throw new BadRequest(415, "Send the form as application/x-www-form-urlencoded.");
  }
  const params = new URLSearchParams(await readBodyText(request, limit));
  const out: Record<string, string> = {};
  for (const [k, v] of params) if (!(k in out)) out[k] = v;
  return out;
}

/** A JSON object body (or a urlencoded form, which older clients send). */
export async function readJsonObject(request: Request, limit = FORM_BODY_LIMIT): Promise<Record<string, unknown>> {
  const type = mediaType(request);
  if (type === "application/x-www-form-urlencoded") return readForm(request, limit);
  if (type !== "application/json") throw new BadRequest(415, "Send the body as application/json.");
  const text = await readBodyText(request, limit);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BadRequest(400, "The request body is not valid JSON.");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new BadRequest(400, "The request body must be a JSON object.");
  }
  return parsed as Record<string, unknown>;
}

export function jsonError(status: number, message: string, errors?: Partial<Record<string, string>>, headers?: HeadersInit) {
  return Response.json({ success: false, message, ...(errors ? { errors } : {}) }, { status, headers });
}
