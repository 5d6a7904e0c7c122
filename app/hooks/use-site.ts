import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/** The site settings and current year, loaded once by the root route. */
export function useSite() {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("useSite() needs the root loader's data");
  return data;
}
