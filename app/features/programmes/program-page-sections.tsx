import { inputClass } from "~/components/ui/field";
import { FieldError, Label } from "./program-form-dialog";
import { PAGE_LIST_ITEM_MAX, PAGE_LISTS, PAGE_SECTIONS_HINT, WORKSHOP_LINE_MAX, WORKSHOP_LINES, type PageListKey, type WorkshopLineKey } from "./schema";

type Field = PageListKey | WorkshopLineKey;

/**
 * The level page's sections 3 to 7 (D11: the built-in content is data staff can replace): a list one
 * item per line for each of benefits, curriculum, audience and prerequisites, and the Upcoming Workshop's
 * lines. For the dialog (controlled: `values` and `onChange`) and the plain page form (named fields).
 * The form opens with what the page shows now, its level's built-in content included.
 */
export function ProgramPageSections({
  uid,
  values,
  onChange,
  error,
}: {
  uid: string;
  values: Partial<Record<Field, string>>;
  /** The dialog's setter; without it the fields are plain, named form fields. */
  onChange?: (field: Field, value: string) => void;
  error: (field: Field) => string | undefined;
}) {
  const field = (key: Field, id: string, hint: boolean) =>
    ({
      id,
      "aria-invalid": Boolean(error(key)),
      "aria-describedby": `${hint ? `${id}-hint ` : ""}${id}-error`,
      ...(onChange ? { value: values[key] ?? "", onChange: (e: { target: { value: string } }) => onChange(key, e.target.value) } : { name: key, defaultValue: values[key] ?? "" }),
    }) as const;
  return (
    <fieldset className="mt-5 rounded-2xl border border-plum-100 p-4">
      <legend className="px-2 text-lg font-semibold text-plum-900">Page Sections</legend>
      <p id={`${uid}-page-hint`} className="text-sm text-muted">
        {PAGE_SECTIONS_HINT}
      </p>
      <div className="mt-3 grid gap-x-4 sm:grid-cols-2">
        {PAGE_LISTS.map(({ key, label }) => {
          const id = `${uid}-page-${key}`;
          return (
            <div key={key} className={`pb-2 ${key === "curriculum" ? "sm:col-span-2" : ""}`}>
              <Label htmlFor={id} optional>
                {label}
              </Label>
              <textarea
                {...field(key, id, false)}
                aria-describedby={`${uid}-page-hint ${id}-error`}
                className={`${inputClass} min-h-32 py-2`}
                rows={key === "curriculum" ? 6 : 5}
                maxLength={(PAGE_LIST_ITEM_MAX + 1) * 30}
              />
              <FieldError id={`${id}-error`} message={error(key)} />
            </div>
          );
        })}
      </div>
      <h3 className="mt-2 text-base font-semibold text-plum-900">Upcoming Workshop</h3>
      <div className="mt-2 grid gap-x-4 sm:grid-cols-2">
        {WORKSHOP_LINES.map(({ key, label, hint }) => {
          const id = `${uid}-page-${key}`;
          return (
            <div key={key} className="pb-2">
              <Label htmlFor={id} optional>
                {label}
              </Label>
              <input {...field(key, id, true)} className={inputClass} maxLength={WORKSHOP_LINE_MAX} />
              <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
                {hint}
              </p>
              <FieldError id={`${id}-error`} message={error(key)} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
