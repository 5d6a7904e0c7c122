import { lazyDialog } from "~/lib/lazy-dialog";
import type { RegistrationDialogProps } from "~/features/registrations/registration-dialog";

import { registerPath } from "~/features/registrations/paths";

/** The /register page of a session: where an enrol button leads without JavaScript. */
export const registerHref = registerPath;

/** The registration dialog, loaded on first use (decision 0010). Same props as RegistrationDialog. */
const registration = lazyDialog<RegistrationDialogProps>(
  async () => (await import("~/features/registrations/registration-dialog")).RegistrationDialog,
  ({ preselectId, sessions }) => {
    const id = preselectId ?? sessions[0]?._id;
    return id ? registerPath(id) : null;
  },
);

export const LazyRegistrationDialog = registration.LazyDialog;
export const preloadRegistrationDialog = registration.preload;
