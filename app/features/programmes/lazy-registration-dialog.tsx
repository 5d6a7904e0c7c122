import { lazy, Suspense, useEffect, useState } from "react";
import type { RegistrationDialogProps } from "~/features/registrations/registration-dialog";

/**
 * The registration dialog, loaded on first use (decision 0010): the form, its
 * validation and the toasts stay out of a level page's JavaScript until a
 * visitor shows an interest (pointer over or focus on an enrol button) or
 * opens it. Same props as RegistrationDialog.
 */
type DialogModule = typeof import("~/features/registrations/registration-dialog");

let loading: Promise<DialogModule> | null = null;

export function preloadRegistrationDialog(): Promise<DialogModule> {
  loading ??= import("~/features/registrations/registration-dialog").catch((error: unknown) => {
    loading = null; // a later attempt may succeed
    throw error;
  });
  return loading;
}

/** The /register page of a session: where an enrol button leads without JavaScript. */
export function registerHref(sessionId: string): string {
  return `/register/${encodeURIComponent(sessionId)}`;
}

const Dialog = lazy(async (): Promise<{ default: React.ComponentType<RegistrationDialogProps> }> => {
  try {
    const m = await preloadRegistrationDialog();
    return { default: m.RegistrationDialog };
  } catch {
    // The code could not be fetched (offline, a new deployment): the session's own page holds the same form.
    function GoToRegisterPage({ preselectId, sessions }: RegistrationDialogProps) {
      useEffect(() => {
        const id = preselectId ?? sessions[0]?._id;
        if (id) window.location.assign(registerHref(id));
      }, [preselectId, sessions]);
      return null;
    }
    return { default: GoToRegisterPage };
  }
});

export function LazyRegistrationDialog(props: RegistrationDialogProps) {
  // Mounted from the first opening on, so closing keeps the dialog's state and focus return.
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
