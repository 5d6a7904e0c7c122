import { useEffect, useMemo, useRef } from "react";
import { useSettledActionData } from "~/hooks/use-settled-action";

type Answer = { ok: boolean; message: string };

/**
 * A staff screen's answer to one of its forms (approve, remove, save…), shown
 * once the page's data is back too and then given the focus: the button that
 * was pressed has often gone with the fresh data (an answered entry), and the
 * keyboard user continues from here instead of from the top of the page.
 * `focus={false}`: the page sends the focus elsewhere (a refused form's first
 * field to correct). `notice`: the message a plain post's redirect left for
 * this page (decision 0090), shown the same way when there is no answer.
 */
export function ActionResult({ answered, notice, focus = true }: { answered: Answer | undefined; notice?: string | null; focus?: boolean }) {
  const settled = useSettledActionData(answered);
  const fromNotice = useMemo(() => (notice ? { ok: true, message: notice } : undefined), [notice]);
  const result = settled ?? fromNotice;
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (result && focus) ref.current?.focus();
  }, [result, focus]);
  if (!result) return null;
  return (
    <p
      ref={ref}
      tabIndex={-1}
      // Without JavaScript (a plain post's answer is the page) the effect never runs: the browser focuses it as
      // the page loads, as the program screens' answer does (decision 0083), so a screen reader reads it.
      // oxlint-disable-next-line jsx-a11y/no-autofocus -- the page is this answer: without it the focus is on the body
      autoFocus={focus}
      role={result.ok ? "status" : "alert"}
      className={`mt-6 rounded-xl p-4 ring-1 outline-none focus-visible:ring-2 ${result.ok ? "bg-green-50 text-green-900 ring-green-200 focus-visible:ring-green-700" : "bg-red-50 text-danger ring-red-200 focus-visible:ring-danger"}`}
    >
      {result.message}
    </p>
  );
}
