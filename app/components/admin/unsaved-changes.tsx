import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useBlocker, type Location } from "react-router";
import { ModalDialog } from "~/components/ui/modal-dialog";

export const DISCARD_TITLE = "Discard your changes?";
export const LEAVE_TITLE = "Leave without saving?";

type Question = "close" | null;

/** Another page, or this page with other parameters: what a form's changes would not survive. */
function leavesPage(currentLocation: Location, nextLocation: Location): boolean {
  return currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search;
}

/**
 * A staff form with changes not saved yet (decision 0062). While `changed`:
 * - closing it (`requestClose`: its X, Escape, the backdrop, Cancel) asks
 *   "Discard your changes?" before `discard` runs;
 * - leaving the page inside the site (a link, Back, signing out) asks
 *   "Leave without saving?";
 * - reloading or closing the tab gets the browser's own question.
 * Render `question` once, where the form is. One form a page: React Router
 * consults only the last blocker mounted.
 */
export function useUnsavedChanges(changed: boolean, discard?: () => void) {
  const [asking, setAsking] = useState<Question>(null);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => changed && leavesPage(currentLocation, nextLocation));

  useEffect(() => {
    if (!changed) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [changed]);

  const requestClose = useCallback(() => {
    if (changed) setAsking("close");
    else discard?.();
  }, [changed, discard]);

  const leaving = blocker.state === "blocked";
  const keep = () => {
    if (leaving) blocker.reset();
    setAsking(null);
  };
  const drop = () => {
    if (leaving) {
      // Left on purpose: the form closes first, so nothing of it is kept as a draft.
      discard?.();
      blocker.proceed();
      return;
    }
    setAsking(null);
    discard?.();
  };
  const question = <UnsavedQuestion mode={leaving ? "leave" : asking} onKeep={keep} onDiscard={drop} />;
  return { requestClose, question };
}

/**
 * Whether an uncontrolled form's fields inside `containerRef` differ from what
 * they were rendered with, or from `baseline` (a field's stored value by name,
 * where a refused save re-renders the typed values as the defaults).
 * Checked on every input and change, and after every render (a save
 * re-renders the fields with what was stored).
 */
export function useFormChanged(containerRef: RefObject<HTMLElement | null>, baseline?: Readonly<Record<string, string>>): boolean {
  const [changed, setChanged] = useState(false);
  const baselineKey = baseline ? JSON.stringify(baseline) : "";
  const check = useCallback(() => {
    const container = containerRef.current;
    setChanged(container ? fieldsDiffer(container, baselineKey ? (JSON.parse(baselineKey) as Record<string, string>) : undefined) : false);
  }, [containerRef, baselineKey]);
  useEffect(() => {
    check();
  });
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    container.addEventListener("input", check);
    container.addEventListener("change", check);
    return () => {
      container.removeEventListener("input", check);
      container.removeEventListener("change", check);
    };
  }, [containerRef, check]);
  return changed;
}

function fieldsDiffer(container: HTMLElement, baseline: Readonly<Record<string, string>> | undefined): boolean {
  for (const field of container.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>("input, select, textarea")) {
    if (field instanceof HTMLInputElement && (field.type === "hidden" || field.type === "submit" || field.type === "button")) continue;
    if (field instanceof HTMLInputElement && (field.type === "radio" || field.type === "checkbox")) {
      if (field.checked !== field.defaultChecked) return true;
      continue;
    }
    if (field instanceof HTMLInputElement && field.type === "file") {
      if (field.files && field.files.length > 0) return true;
      continue;
    }
    if (field instanceof HTMLSelectElement) {
      const stored = baseline?.[field.name];
      if (stored !== undefined ? field.value !== stored : [...field.options].some((o) => o.selected !== o.defaultSelected)) return true;
      continue;
    }
    const stored = baseline?.[field.name];
    if (field.value !== (stored ?? field.defaultValue)) return true;
  }
  return false;
}

const button = "inline-flex min-h-11 items-center rounded-full px-5 font-semibold";

function UnsavedQuestion({ mode, onKeep, onDiscard }: { mode: "close" | "leave" | null; onKeep: () => void; onDiscard: () => void }) {
  const keepRef = useRef<HTMLButtonElement>(null);
  // After the dialog's own effect has opened it (a child's effects run first): the safe answer takes the focus.
  useEffect(() => {
    if (mode) keepRef.current?.focus();
  }, [mode]);
  const leave = mode === "leave";
  const keepText = leave ? "Stay on this page" : "Keep editing";
  return (
    <ModalDialog
      open={mode !== null}
      onClose={onKeep}
      title={leave ? LEAVE_TITLE : DISCARD_TITLE}
      closeLabel={leave ? "Close and stay on this page" : "Close and keep editing"}
      widthClass="w-[min(32rem,calc(100vw-1rem))]"
      toastHost={false}
    >
      <p className="text-ink">
        {leave
          ? "The changes you made on this page are not saved. If you leave now, they are lost."
          : "The changes you made in this form are not saved. If you close it now, they are lost."}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button ref={keepRef} type="button" onClick={onKeep} className={`${button} border border-plum-200 bg-white text-plum-800 hover:bg-plum-50`}>
          {keepText}
        </button>
        <button type="button" onClick={onDiscard} className={`${button} bg-danger text-white hover:opacity-90`}>
          {leave ? "Leave without saving" : "Discard changes"}
        </button>
      </div>
    </ModalDialog>
  );
}
