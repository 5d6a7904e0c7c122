import type { ReactNode } from "react";

type FieldProps = {
  id: string;
  label: ReactNode;
  error?: string;
  required?: boolean;
  hint?: string;
  children: (a11y: {
    id: string;
    "aria-invalid": boolean;
    "aria-describedby"?: string;
    "aria-required"?: boolean;
  }) => ReactNode;
  className?: string;
};

export const inputClass =
  "block w-full min-h-12 rounded-xl border bg-white px-4 py-3 text-base text-ink shadow-xs transition-colors placeholder:text-muted/85 focus:border-plum-500 aria-[invalid=true]:border-danger border-plum-400";

/** A labelled control with its error message, wired for screen readers. */
export function Field({ id, label, error, required, hint, children, className = "" }: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    // Each field keeps its own space below, so its error sits under its control, not above the next label.
    <div className={`pb-4 ${className}`}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-danger">
            {" "}*
          </span>
        ) : null}
      </label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy, "aria-required": required || undefined })}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <p id={errorId} className="mt-1 min-h-5 text-sm font-medium text-danger">
        {error ?? ""}
      </p>
    </div>
  );
}
