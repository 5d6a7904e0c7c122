import { CircleAlert, Info } from "lucide-react";
import { inputClass } from "~/components/ui/field";
import { COMPLETED_ELSEWHERE_LABEL, EARLIER_LEVEL_BOX_REQUIRED, PREREQUISITE_NOTE_HINT, PREREQUISITE_NOTE_LABEL, PREREQUISITE_NOTE_MAX } from "./rules";

type Props = {
  /** Prefix of the ids (the dialog's and the page's forms never share them). */
  idPrefix: string;
  /** 'Level II requires Level I. We could not find a completed Level I for this email address.', when known. */
  message: string | null;
  checked: boolean;
  note: string;
  /** The refusal, when the box must be ticked to go on (marks the box invalid). */
  checkboxError?: string | undefined;
  noteError?: string | undefined;
  /** Before hydration the note shows at once (a form without JavaScript cannot reveal it on ticking). */
  revealNoteAlways: boolean;
  onToggle: (checked: boolean) => void;
  onNote: (note: string) => void;
  onNoteBlur: () => void;
};

/**
 * The registration form's answer to a level whose earlier level this email
 * address has not attended (decision 0031): the reason, 'I completed the
 * earlier level elsewhere' and, once ticked, a short note for staff.
 */
export function EarlierLevelFields({ idPrefix, message, checked, note, checkboxError, noteError, revealNoteAlways, onToggle, onNote, onNoteBlur }: Props) {
  const boxId = `${idPrefix}completedElsewhere`;
  const noteId = `${idPrefix}prerequisiteNote`;
  const messageId = `${boxId}-reason`;
  const hintId = `${noteId}-hint`;
  const noteErrorId = `${noteId}-error`;
  const boxErrorId = `${boxId}-error`;
  const showNote = checked || revealNoteAlways;
  // Sent without the box while the earlier level is missing: the panel turns red and says what to do.
  const refused = Boolean(checkboxError) && !checked;
  return (
    <div className={`mt-2 rounded-xl p-4 ${refused ? "bg-red-50 ring-2 ring-danger" : "bg-plum-50 ring-1 ring-plum-200"}`}>
      {message ? (
        <p id={messageId} className={`flex items-start gap-2 font-medium ${refused ? "text-danger" : "text-plum-900"}`}>
          {refused ? <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" /> : <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />}
          <span>{message}</span>
        </p>
      ) : null}
      <div className={`flex items-start gap-3 ${message ? "mt-4" : ""}`}>
        <input
          id={boxId}
          name="completedElsewhere"
          type="checkbox"
          value="true"
          checked={checked}
          onChange={(e) => onToggle(e.target.checked)}
          aria-invalid={checkboxError ? true : undefined}
          aria-describedby={[message ? messageId : null, refused ? boxErrorId : null].filter(Boolean).join(" ") || undefined}
          className="mt-0.5 size-6 shrink-0 accent-plum-600"
        />
        <label htmlFor={boxId} className="text-base leading-6 font-semibold text-ink">
          {COMPLETED_ELSEWHERE_LABEL}
        </label>
      </div>
      {refused ? (
        <p id={boxErrorId} className="mt-2 pl-9 text-sm font-medium text-danger">
          {EARLIER_LEVEL_BOX_REQUIRED}
        </p>
      ) : null}
      {showNote ? (
        <div className="mt-4">
          <label htmlFor={noteId} className="mb-1.5 block text-sm font-semibold text-ink">
            {PREREQUISITE_NOTE_LABEL}
            {checked ? (
              <span aria-hidden="true" className="text-danger">
                {" "}*
              </span>
            ) : (
              <span className="font-normal text-muted"> (required when the box is ticked)</span>
            )}
          </label>
          <textarea
            id={noteId}
            name="prerequisiteNote"
            rows={3}
            maxLength={PREREQUISITE_NOTE_MAX}
            value={note}
            onChange={(e) => onNote(e.target.value)}
            onBlur={onNoteBlur}
            aria-required={checked || undefined}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={[hintId, noteError ? noteErrorId : null].filter(Boolean).join(" ")}
            className={`${inputClass} resize-y`}
          />
          <p id={hintId} className="mt-1 text-sm text-muted">
            {PREREQUISITE_NOTE_HINT} {`${note.length}/${PREREQUISITE_NOTE_MAX} characters.`}
          </p>
          <p id={noteErrorId} className="mt-1 min-h-5 text-sm font-medium text-danger">
            {noteError ?? ""}
          </p>
        </div>
      ) : null}
    </div>
  );
}
