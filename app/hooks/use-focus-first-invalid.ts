import { useEffect, useState, type RefObject } from "react";

/**
 * For forms whose submit button stays focusable while the form cannot be sent
 * (see SubmitButton): call the returned function when a blocked submit has just
 * revealed every error, and once those errors are rendered, focus moves to the
 * first field marked aria-invalid, in the order of the page.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>): () => void {
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-group-error]')?.focus();
  }, [requests, form]);
  return () => setRequests((n) => n + 1);
}
