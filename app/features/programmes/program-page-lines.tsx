import { inputClass } from "~/components/ui/field";
import { CERTIFICATION_HINT, DEFAULT_CERTIFICATION } from "./level-rules";
import { FieldError, Label } from "./program-form-dialog";
import { CERTIFICATION_LABEL, FEATURES_HINT, FEATURES_LABEL } from "./schema";

type Field = "certification" | "enrollmentFeatures";

/**
 * The program form's Certification and What's Included (decision 0094), for
 * the dialog (controlled: `values` and `onChange`) and the plain page form
 * (named fields with their stored or typed text as `values`).
 */
export function ProgramPageLines({
  uid,
  values,
  onChange,
  error,
}: {
  uid: string;
  values: Record<Field, string>;
  /** The dialog's setter; without it the fields are plain, named form fields. */
  onChange?: (field: Field, value: string) => void;
  error: (field: Field) => string | undefined;
}) {
  const field = (key: Field, id: string) =>
    ({
      id,
      "aria-invalid": Boolean(error(key)),
      "aria-describedby": `${id}-hint ${id}-error`,
      ...(onChange ? { value: values[key], onChange: (e: { target: { value: string } }) => onChange(key, e.target.value) } : { name: key, defaultValue: values[key] }),
    }) as const;
  return (
    <>
      <div className="pb-2 sm:col-span-2">
        <Label htmlFor={`${uid}-certification`} optional>
          {CERTIFICATION_LABEL}
        </Label>
        <input {...field("certification", `${uid}-certification`)} className={inputClass} placeholder={DEFAULT_CERTIFICATION} maxLength={120} />
        <p id={`${uid}-certification-hint`} className="mt-1 text-sm text-muted">
          {CERTIFICATION_HINT}
        </p>
        <FieldError id={`${uid}-certification-error`} message={error("certification")} />
      </div>
      <div className="pb-2 sm:col-span-2">
        <Label htmlFor={`${uid}-features`} optional>
          {FEATURES_LABEL}
        </Label>
        <textarea {...field("enrollmentFeatures", `${uid}-features`)} className={`${inputClass} min-h-28 py-2`} rows={4} maxLength={2000} />
        <p id={`${uid}-features-hint`} className="mt-1 text-sm text-muted">
          {FEATURES_HINT}
        </p>
        <FieldError id={`${uid}-features-error`} message={error("enrollmentFeatures")} />
      </div>
    </>
  );
}
