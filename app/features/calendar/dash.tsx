/** §2.6: a dash for a session without online enrollment, named for screen readers. */
export function Dash({ label }: { label: string }) {
  return (
    <span>
      <span aria-hidden="true" className="text-muted">
        —
      </span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
