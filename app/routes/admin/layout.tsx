import { Outlet, useLocation, useNavigation } from "react-router";
import { StaffShell } from "~/components/layout/staff-shell";
import { currentStaff, requireStaffPage } from "~/features/admin-auth/guard.server";
import { useSite } from "~/hooks/use-site";
import { useRouteFocus } from "~/hooks/use-route-focus";
import { revalidateUnlessConnectionLost } from "~/lib/revalidate-when-changed";
import type { Route } from "./+types/layout";

/** Every staff page, loader and action below this route needs a valid session (decision S1). */
export const middleware: Route.MiddlewareFunction[] = [requireStaffPage];

/** A save whose answer never arrived keeps the staff shell's data (decision 0065). */
export const shouldRevalidate = revalidateUnlessConnectionLost;

export function loader({ context }: Route.LoaderArgs) {
  return { email: currentStaff(context).email };
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  const { site } = useSite();
  useRouteFocus();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // Moving to another staff screen: its session check (the middleware) and its data load first (spec part 2 §2.9).
  // Said at the top right beside the sidebar; on a phone at the bottom, clear of the header's menu button.
  // Not while signing out (to the sign-in page): nothing is being verified.
  const next = navigation.location?.pathname;
  const verifying = navigation.state === "loading" && next !== pathname && next?.startsWith("/admin") === true && next !== "/admin/login";
  return (
    <StaffShell orgName={site.orgName} email={loaderData.email}>
      <p role="status" className={verifying ? "fixed bottom-4 left-1/2 z-40 -translate-x-1/2 rounded-full bg-plum-900 px-4 py-2 text-sm font-semibold whitespace-nowrap text-white shadow-lg ring-2 ring-white lg:top-3 lg:right-3 lg:bottom-auto lg:left-auto lg:translate-x-0" : "sr-only"}>
        {verifying ? "Verifying authentication..." : ""}
      </p>
      <Outlet />
    </StaffShell>
  );
}
