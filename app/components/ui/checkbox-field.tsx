import type { ReactNode } from "react";

/** A labelled checkbox; a required one keeps a line for its error message below. */
export function CheckboxField(props: {
  id: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  label: ReactNode;
  required?: boolean;
  describedBy?: string;
  error?: string;
  className?: string;
}) {
  const errorId = `${props.id}-error`;
  const describedBy = [props.describedBy, props.error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={props.className}>
      <div className="flex items-start gap-3">
        <input
          id={props.id}
          name={props.name}
          type="checkbox"
          value="true"
          checked={props.checked}
          onChange={(e) => props.onChange(e.target.checked)}
          onBlur={props.onBlur}
          aria-invalid={props.error ? true : undefined}
          aria-required={props.required || undefined}
          aria-describedby={describedBy}
          className="mt-0.5 size-6 shrink-0 accent-plum-600"
        />
        <label htmlFor={props.id} className="text-base leading-6 text-ink">
          {props.label}
          {props.required ? (
            <span aria-hidden="true" className="text-danger">
              {" "}*
            </span>
          ) : null}
        </label>
      </div>
      {props.required ? (
        <p id={errorId} className="mt-1.5 min-h-5 text-sm font-medium text-danger">
          {props.error ?? ""}
        </p>
      ) : null}
    </div>
  );
}
