import type { AppServices } from "~/context.server";
import type { EventKind } from "~/db/schema";
import type { StaffSession } from "~/features/admin-auth/sessions.server";
import { cancelSession, SESSION_ALREADY_CANCELLED, SESSION_CANCELLED, SESSION_ENDED, SESSION_NOT_FOUND } from "./cancel-session.server";

/** A staff screen's 'Cancel session' (decision 0032), answered as `{ ok, message }` with its HTTP status. */
export async function cancelSessionAction(
  services: Pick<AppServices, "db" | "config" | "mailWorker">,
  actor: { staff: Pick<StaffSession, "accountId" | "email">; ip: string | null },
  sessionId: unknown,
  kinds: readonly EventKind[],
): Promise<{ status: number; body: { ok: boolean; message: string } }> {
  const id = typeof sessionId === "string" ? sessionId.trim() : "";
  if (!id) return { status: 400, body: { ok: false, message: "Choose a session first." } };
  const outcome = await cancelSession(services, { id: actor.staff.accountId, email: actor.staff.email, ip: actor.ip }, id, kinds);
  switch (outcome.status) {
    case "cancelled":
      return { status: 200, body: { ok: true, message: SESSION_CANCELLED } };
    case "already-cancelled":
      return { status: 409, body: { ok: false, message: SESSION_ALREADY_CANCELLED } };
    case "ended":
      return { status: 409, body: { ok: false, message: SESSION_ENDED } };
    case "not-found":
      return { status: 404, body: { ok: false, message: SESSION_NOT_FOUND } };
  }
}
