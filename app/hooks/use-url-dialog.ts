import { useLocation, useNavigate } from "react-router";

/**
 * A dialog whose open state lives in the URL (`?view=<id>`, `?remove=<id>`,
 * `?download=1`), like the rest of a staff list (D9): the server renders it,
 * a link opens it without JavaScript, a reload or shared link keeps it open,
 * and Back closes it. `hrefWith(value)` opens it, `close()` / `closeHref` close
 * it, keeping every other parameter (search, page) as it is.
 */
export function useUrlDialog(param: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const value = params.get(param);
  const hrefWith = (next: string | null) => {
    const p = new URLSearchParams(location.search);
    if (next === null) p.delete(param);
    else p.set(param, next);
    const s = p.toString();
    return `${location.pathname}${s ? `?${s}` : ""}`;
  };
  const closeHref = hrefWith(null);
  const close = () => {
    void navigate(closeHref, { replace: true, preventScrollReset: true });
  };
  return { value, open: value !== null, hrefWith, closeHref, close };
}
