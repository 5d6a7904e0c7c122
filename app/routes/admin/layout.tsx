import { Outlet } from "react-router";
import { StaffShell } from "~/components/layout/staff-shell";
import { currentStaff, requireStaffPage } from "~/features/admin-auth/guard.server";
import { useSite } from "~/hooks/use-site";
import { useRouteFocus } from "~/hooks/use-route-focus";
import type { Route } from "./+types/layout";

/** Every staff page, loader and action below this route needs a valid session (decision S1). */
export const middleware: Route.MiddlewareFunction[] = [requireStaffPage];

export function loader({ context }: Route.LoaderArgs) {
  return { email: currentStaff(context).email };
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  const { site } = useSite();
  useRouteFocus();
  return (
    <StaffShell orgName={site.orgName} email={loaderData.email}>
      <Outlet />
    </StaffShell>
  );
}
