import { regexes, z } from "zod";

/** First message per field, keyed by the field's top-level name. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export function fieldErrors<K extends string>(error: z.ZodError): FieldErrors<K> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    if (!(key in out)) out[key] = issue.message;
  }
  return out as FieldErrors<K>;
}

export type Validation<T, K extends string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<K> };

export function validate<S extends z.ZodType, K extends string = string>(
  schema: S,
  values: unknown,
): Validation<z.output<S>, K> {
  const r = schema.safeParse(values);
  return r.success ? { ok: true, data: r.data } : { ok: false, errors: fieldErrors<K>(r.error) };
}

/** A required text: trimmed, 'required' when empty, then a minimum and a maximum length. */
export function requiredText(opts: { required: string; min?: number; minMessage?: string; max: number }) {
  let s = z.string({ error: opts.required }).trim().min(1, { error: opts.required, abort: true });
  if (opts.min && opts.min > 1) s = s.min(opts.min, { error: opts.minMessage ?? `Must be at least ${opts.min} characters`, abort: true });
  return s.max(opts.max, { error: `Must be at most ${opts.max} characters` });
}

/** An optional text: trimmed; empty, missing or null becomes undefined. */
export function optionalText(max: number) {
  return z.preprocess(
    (v) => (v === null || v === undefined || (typeof v === "string" && v.trim() === "") ? undefined : v),
    z.string({ error: "Must be text" }).trim().max(max, { error: `Must be at most ${max} characters` }).optional(),
  );
}

export const emailPattern = regexes.email;

/** A checkbox: true from a JSON true, or the form values "on", "true", "1", "yes". */
export function checkbox(message: string) {
  return z.preprocess(
    (v) => v === true || (typeof v === "string" && ["on", "true", "1", "yes"].includes(v.toLowerCase())),
    z.literal(true, { error: message }),
  );
}
