import { UPLOAD_IDLE_SECONDS, UPLOAD_READ_SECONDS, UPLOAD_TOO_SLOW, UPLOADS_BUSY } from "./upload-slots.server";

/** A request the server refuses with a 4xx before any business rule runs. */
export class BadRequest extends Error {
  readonly status: number;
  /** For a 503: when to try again (the answer's Retry-After). */
  readonly retryAfterSeconds: number | undefined;
  constructor(status: number, message: string, retryAfterSeconds?: number) {
    super(message);
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const FORM_BODY_LIMIT = 32 * 1024;

/**
 * No field takes a NUL: PostgreSQL cannot store one in text (it refuses the
 * whole statement), so it is refused here, for every form and API call, before
 * any of it reaches a query.
 */
export const NUL_REFUSED = "The form contains a character that is not allowed (NUL).";

function refuseNul(text: string): string {
  if (text.includes("\0")) throw new BadRequest(400, NUL_REFUSED);
  return text;
}

/** Reads the body as text, refusing (413) past `limit` bytes whatever Content-Length claims. */
export async function readBodyText(request: Request, limit = FORM_BODY_LIMIT): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw new BadRequest(413, "The request is too large.");
  const bytes = await readBodyBytes(request, limit);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
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
  for (const [k, v] of params) if (!(k in out)) out[refuseNul(k)] = refuseNul(v);
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
    // Every key and string, however deep (a NUL arrives escaped, as \u0000).
    parsed = JSON.parse(text, (key, value: unknown) => {
      refuseNul(key);
      return typeof value === "string" ? refuseNul(value) : value;
    });
  } catch (error) {
    if (error instanceof BadRequest) throw error;
    throw new BadRequest(400, "The request body is not valid JSON.");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new BadRequest(400, "The request body must be a JSON object.");
  }
  return parsed as Record<string, unknown>;
}

/**
 * The request's JSON object, or the JSON answer its body gets when it cannot be
 * read (415, 413 or 400, with the reason): for the API's handlers, which answer
 * it as it is. `headers` go on that answer (`Cache-Control: no-store`, say).
 */
export async function readJsonObjectOrRefusal(request: Request, headers?: HeadersInit): Promise<Record<string, unknown> | Response> {
  try {
    return await readJsonObject(request);
  } catch (e) {
    if (e instanceof BadRequest) return jsonError(e.status, e.message, undefined, headers);
    throw e;
  }
}

export function jsonError(status: number, message: string, errors?: Partial<Record<string, string>>, headers?: HeadersInit) {
  return Response.json({ success: false, message, ...(errors ? { errors } : {}) }, { status, headers });
}

/** A multipart upload is larger than a form: three 5 MB photos and the fields. */
export const UPLOAD_BODY_LIMIT = 16 * 1024 * 1024;

/** A multipart form with no file parts: what a form's JSON may be, and room for the parts' headers. */
export const MULTIPART_TEXT_LIMIT = 2 * FORM_BODY_LIMIT;

export type Submission = { values: Record<string, string | unknown>; files: Record<string, Uint8Array> };

/**
 * A submission as JSON, a urlencoded form or multipart form data (spec part 2
 * §7: the registration calls accept all three). Only the named file parts are
 * kept; a file in any other part, or text in a file part, is refused with 400.
 */
export async function readSubmission(
  request: Request,
  fileFields: readonly string[] = [],
  /**
   * Text where a file may come means "no new file" rather than a mistake: the spec's programme client
   * sends the stored thumbnail's name, or the string 'null', in the `thumbnail` part when no file is chosen.
   */
  {
    textMeansNoFile = false,
    charge,
  }: {
    textMeansNoFile?: boolean;
    /** Counts the body's bytes as they arrive against the process's upload budget (false: refuse with 503, decision 0114). */
    charge?: (bytes: number) => boolean;
  } = {},
): Promise<Submission> {
  const type = mediaType(request);
  if (type === "application/json" || type === "application/x-www-form-urlencoded") {
    return { values: await readJsonObject(request), files: {} };
  }
  if (type !== "multipart/form-data") {
    throw new BadRequest(415, "Send the form as multipart/form-data, application/x-www-form-urlencoded or application/json.");
  }
  // A form without files is as small as its JSON would be (with room for the part headers): 16 MB is for photos.
  const limit = fileFields.length > 0 ? UPLOAD_BODY_LIMIT : MULTIPART_TEXT_LIMIT;
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw new BadRequest(413, "The request is too large.");
  const bytes = await readBodyBytes(request, limit, charge);
  let form: FormData;
  try {
    // The bytes as they are, not a copy of them: at 16 MB a body's copies add up (decision 0114).
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "Content-Type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw new BadRequest(400, "The form data could not be read.");
  }
  const values: Record<string, string> = {};
  const files: Record<string, Uint8Array> = {};
  for (const [key, value] of form) {
    refuseNul(key);
    if (typeof value === "string") {
      refuseNul(value);
      if (fileFields.includes(key)) {
        if (value === "" || textMeansNoFile) continue; // an empty file input some clients send as text
        throw new BadRequest(400, `The ${key} part must be a file.`);
      }
      if (!(key in values)) values[key] = value;
      continue;
    }
    if (!fileFields.includes(key)) throw new BadRequest(400, `Unexpected file in the ${key} part.`);
    if (value.size === 0) continue; // no file chosen
    if (!(key in files)) files[key] = new Uint8Array(await value.arrayBuffer());
  }
  return { values, files };
}

/** The body as bytes, refusing (413) past `limit` whatever Content-Length claims. */
async function readBodyBytes(request: Request, limit: number, charge?: (bytes: number) => boolean): Promise<Buffer> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  // A body read within the upload budget must keep coming and arrive in time: one that stalls holding its
  // bytes is dropped, and its bytes given back (decision 0114).
  let late = false;
  const giveUp = () => {
    late = true;
    void reader.cancel().catch(() => {});
  };
  const whole = charge ? setTimeout(giveUp, UPLOAD_READ_SECONDS * 1000) : undefined;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const waitForMore = () => {
    if (!charge) return;
    clearTimeout(idle);
    idle = setTimeout(giveUp, UPLOAD_IDLE_SECONDS * 1000);
  };
  try {
    waitForMore();
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (late) throw new BadRequest(408, UPLOAD_TOO_SLOW);
        // The server's own cap (server/router-adapter.ts) or a client that went away mid-body.
        const status = (error as { status?: unknown } | null)?.status;
        throw new BadRequest(status === 413 ? 413 : 400, status === 413 ? "The request is too large." : "The request body could not be read.");
      }
      if (late) throw new BadRequest(408, UPLOAD_TOO_SLOW);
      const { done, value } = chunk;
      if (done) break;
      waitForMore();
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw new BadRequest(413, "The request is too large.");
      }
      if (charge && !charge(value.byteLength)) {
        await reader.cancel().catch(() => {});
        throw new BadRequest(503, UPLOADS_BUSY, 60);
      }
      chunks.push(value);
    }
  } finally {
    clearTimeout(whole);
    clearTimeout(idle);
  }
  return Buffer.concat(chunks);
}
