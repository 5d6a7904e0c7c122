import { Download } from "lucide-react";
import { useId, useState } from "react";
import { Form } from "react-router";
import { inputClass } from "~/components/ui/field";
import { StaffDialog } from "./staff-dialog";
import { whileBusy } from "~/components/ui/submit-button";

type Props = {
  open: boolean;
  onClose: () => void;
  closeHref: string;
  /** 'Download Registrations', 'Select Date Range', … */
  title: string;
  /** The CSV endpoint, e.g. '/api/ich/download-csv'. */
  action: string;
  /** The list's current search, applied to the export too. */
  search: string;
  /** Shown when the download fails (spec part 2 §8): fixed text, or built from the reason ('Download failed: …'). */
  failureText?: string | ((reason: string) => string);
  /** The dates the form starts with (e.g. the list's own date filter); empty by default. */
  defaultStartDate?: string | null;
  defaultEndDate?: string | null;
  /** The file name used when the server gives none. */
  fallbackFileName?: string;
};

function fileNameOf(response: Response, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  return m?.[1] ?? fallback;
}

/**
 * A date-range CSV download (spec part 2 §2.9): start and end dates, both
 * optional (empty means all records), the list's search applied. A real GET
 * form to the CSV endpoint, so the browser downloads it even before
 * JavaScript; once hydrated the file is fetched and saved without leaving the
 * page, and a failure shows in place instead of an error page.
 */
export function DownloadDialog({
  open,
  onClose,
  closeHref,
  title,
  action,
  search,
  failureText = "Download failed. Please try again.",
  fallbackFileName = "export.csv",
  defaultStartDate,
  defaultEndDate,
}: Props) {
  const startId = useId();
  const endId = useId();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [endError, setEndError] = useState<string | null>(null);

  async function download(form: HTMLFormElement) {
    const data = new FormData(form);
    const start = String(data.get("startDate") ?? "");
    const end = String(data.get("endDate") ?? "");
    if (start && end && end < start) {
      setEndError("End date must be on or after the start date");
      // The field to correct takes the focus, so its message (aria-describedby) is read out.
      form.querySelector<HTMLInputElement>('input[name="endDate"]')?.focus();
      return;
    }
    setEndError(null);
    setFailed(null);
    setBusy(true);
    try {
      const params = new URLSearchParams();
      for (const [k, v] of data) if (typeof v === "string" && v) params.set(k, v);
      const response = await fetch(`${action}?${params}`, { credentials: "same-origin", signal: AbortSignal.timeout(120_000) });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
        throw new Error(typeof body?.message === "string" && body.message ? body.message : `HTTP error! status: ${response.status}`);
      }
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = fileNameOf(response, fallbackFileName);
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      onClose();
    } catch (error) {
      const reason = error instanceof DOMException && error.name === "TimeoutError" ? "Request timeout. Please check your connection and try again." : error instanceof Error ? error.message : String(error);
      setFailed(typeof failureText === "function" ? failureText(reason) : failureText);
    } finally {
      setBusy(false);
    }
  }

  return (
    <StaffDialog open={open} onClose={onClose} closeHref={closeHref} title={title} closeLabel="Close download" busy={busy} widthClass="w-[min(32rem,calc(100vw-1rem))]">
      <Form
        method="get"
        action={action}
        reloadDocument
        onSubmit={(e) => {
          e.preventDefault();
          void download(e.currentTarget);
        }}
      >
        <p className="mb-4 text-muted">Leave both dates empty to download all records.</p>
        {search ? <input type="hidden" name="search" value={search} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={startId} className="mb-1.5 block text-sm font-semibold">
              Start date
            </label>
            <input id={startId} name="startDate" type="date" defaultValue={defaultStartDate ?? undefined} className={inputClass} />
          </div>
          <div>
            <label htmlFor={endId} className="mb-1.5 block text-sm font-semibold">
              End date
            </label>
            <input
              id={endId}
              name="endDate"
              type="date"
              defaultValue={defaultEndDate ?? undefined}
              aria-invalid={endError ? true : undefined}
              aria-describedby={endError ? `${endId}-error` : undefined}
              className={inputClass}
            />
            {endError ? (
              <p id={`${endId}-error`} className="mt-1.5 text-sm font-semibold text-danger">
                {endError}
              </p>
            ) : null}
          </div>
        </div>
        {search ? <p className="mt-3 text-sm text-muted">Only records matching the search “{search}” are included.</p> : null}
        {failed ? (
          <p role="alert" className="mt-4 rounded-xl bg-danger/10 px-4 py-3 font-semibold text-danger">
            {failed}
          </p>
        ) : null}
        <div className="mt-6 flex justify-end">
          <button
            type="submit"
            {...whileBusy(busy)}
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-plum-800 px-5 font-semibold text-white hover:bg-plum-700 aria-disabled:opacity-60"
          >
            <Download aria-hidden="true" className="size-4" />
            {busy ? "Preparing..." : "Download CSV"}
          </button>
        </div>
      </Form>
    </StaffDialog>
  );
}
