/**
 * An address in a staff details dialog, as a mail link. An inline-block at
 * least 24 px tall: a value on its own line is a target, not a link inside a
 * sentence, so WCAG 2.5.8's minimum applies to it. A long address breaks
 * anywhere rather than run past a phone's narrow dialog.
 */
export function MailLink({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className="inline-block min-h-6 max-w-full text-plum-800 underline wrap-anywhere">
      {address}
    </a>
  );
}
