/**
 * The browser's API client (spec part 1 §7.1): base /api, 15 s timeout, JSON
 * bodies (or multipart when the body is a FormData, for uploads), a unique
 * X-Request-ID on every call, answers unwrapped to the body.
 */
export const API_TIMEOUT_MS = 15_000;

export const GENERIC_API_ERROR = "API request failed";

export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  /**
   * The message the server put in its JSON answer, or null when it sent none
   * (a proxy's 502 page, say): callers then show their own fallback text.
   */
  readonly serverMessage: string | null;
  constructor(message: string, status: number, data: unknown, serverMessage: string | null = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.data = data;
    this.serverMessage = serverMessage;
  }
}

/** What to tell a visitor about a failed call: the server's own words, else the caller's fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

export async function apiRequest<T = unknown>(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  let response: Response;
  try {
    const init: RequestInit = {
      method,
      headers: { Accept: "application/json", "X-Request-ID": crypto.randomUUID() },
      signal: controller.signal,
      credentials: "same-origin",
    };
    if (body instanceof FormData) {
      // The browser writes the multipart Content-Type with its boundary.
      init.body = body;
    } else if (body !== undefined) {
      init.headers = { ...init.headers, "Content-Type": "application/json" };
      init.body = JSON.stringify(body);
    }
    response = await fetch(`/api${path}`, init);
  } catch {
    throw new ApiError("Network error. Please check your connection.", 0, null);
  } finally {
    clearTimeout(timer);
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401) console.warn("Authentication required");
    const serverMessage =
      data && typeof data === "object" && "message" in data && typeof data.message === "string" && data.message.trim()
        ? data.message
        : null;
    throw new ApiError(serverMessage ?? GENERIC_API_ERROR, response.status, data, serverMessage);
  }
  return data as T;
}
