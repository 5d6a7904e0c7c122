import { Search } from "lucide-react";
import { useId, useState } from "react";
import { Form, useSearchParams, useSubmit } from "react-router";
import { inputClass } from "~/components/ui/field";
import { useDebouncedCallback } from "~/hooks/use-debounced-callback";

type Props = {
  /** The visible label, e.g. 'Search registrations'. */
  label: string;
  /**
   * What the search reads, e.g. 'Name, email, level or city': shown under the
   * label and tied to the box by aria-describedby. (Not a placeholder: at
   * 375 px a placeholder this long was cut off, and it vanished on typing.)
   */
  hint?: string;
  /** Query parameters kept while searching (e.g. a date range); `page` is always reset. */
  keep?: readonly string[];
  debounceMs?: number;
};

/**
 * The search box of a staff list (D9): a real GET form on `?search=` (works
 * before JavaScript, Enter or the button), and once hydrated it also searches
 * about 300 ms after the last keystroke, replacing the history entry so Back
 * is not flooded. A new search starts at page 1. The box follows the URL when
 * it changes from elsewhere (Back, a link), never while the user is typing.
 */
export function ListSearch({ label, hint, keep = [], debounceMs = 300 }: Props) {
  const id = useId();
  const [params] = useSearchParams();
  const urlValue = params.get("search") ?? "";
  const submit = useSubmit();
  const [value, setValue] = useState(urlValue);
  // The value this box last sent: the URL catching up with it must not overwrite newer typing.
  const [sent, setSent] = useState(urlValue);
  const [seenUrl, setSeenUrl] = useState(urlValue);
  if (urlValue !== seenUrl) {
    setSeenUrl(urlValue);
    if (urlValue !== sent) {
      setValue(urlValue);
      setSent(urlValue);
    }
  }

  const send = (next: string) => {
    const p = new URLSearchParams();
    const trimmed = next.trim();
    if (trimmed) p.set("search", trimmed);
    for (const k of keep) {
      const v = params.get(k);
      if (v) p.set(k, v);
    }
    setSent(trimmed);
    void submit(p, { method: "get", replace: true, preventScrollReset: true });
  };
  const debounced = useDebouncedCallback(send, debounceMs);

  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className="flex w-full max-w-xl items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        debounced.cancel();
        send(value);
      }}
    >
      {keep.map((k) => (params.get(k) ? <input key={k} type="hidden" name={k} value={params.get(k) ?? ""} /> : null))}
      <div className="min-w-0 grow">
        <label htmlFor={id} className={`${hint ? "" : "mb-1.5 "}block text-sm font-semibold`}>
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="mb-1.5 text-sm text-muted">
            {hint}
          </p>
        ) : null}
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted" />
          <input
            id={id}
            name="search"
            type="search"
            value={value}
            maxLength={200}
            autoComplete="off"
            aria-describedby={hint ? `${id}-hint` : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              if (e.target.value.trim() !== sent) debounced.run(e.target.value);
              else debounced.cancel();
            }}
            className={`${inputClass} pl-11`}
          />
        </div>
      </div>
      <button
        type="submit"
        className="inline-flex min-h-12 shrink-0 items-center rounded-full bg-plum-800 px-5 font-semibold text-white hover:bg-plum-700"
      >
        Search
      </button>
    </Form>
  );
}
