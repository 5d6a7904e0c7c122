/**
 * The browser's API client (spec part 1 §7.1): base /api, 15 s timeout, JSON
 * bodies, a unique X-Request-ID on every call, answers unwrapped to the body.
 */
export const API_TIMEOUT_MS = 15_000;

export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  constructor(message: string, status: number, data: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.data = data;
  }
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
    if (body !== undefined) {
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
    const message =
      data && typeof data === "object" && "message" in data && typeof data.message === "string"
        ? data.message
        : "API request failed";
    throw new ApiError(message, response.status, data);
  }
  return data as T;
}
