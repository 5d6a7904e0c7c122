import type { AppServices } from "~/context.server";
import { formAllowanceSpent } from "~/features/contact/contact.server";
import { isMultipart, type UploadSlot, type UploadSlotRefusal } from "~/lib/upload-slots.server";

const NO_SLOT: UploadSlot = { charge: () => true, release: () => {} };

/**
 * Before a registration's body is read (decision 0114): a multipart one, which may carry 16 MB of
 * photos, is refused at once when the client has no form submission left or already sends two, and
 * is otherwise read within the process's memory budget (pass the slot's `charge` to readSubmission).
 * JSON and urlencoded bodies (32 KB at most) go straight on. Release the slot once the request is answered.
 */
export async function takeUpload(request: Request, services: Pick<AppServices, "formLimiter" | "uploadSlots">, ip: string): Promise<UploadSlot | UploadSlotRefusal> {
  if (!isMultipart(request)) return NO_SLOT;
  const spent = await formAllowanceSpent(services, ip);
  if (spent) return { refused: true, status: 429, message: spent.message, retryAfterSeconds: spent.retryAfterSeconds };
  return services.uploadSlots.acquire(ip);
}
