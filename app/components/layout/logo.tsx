export function LogoMark({ className = "" }: { className?: string }) {
  // A stylised lotus: three petals over a horizon line.
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className={className} focusable="false">
      <circle cx="20" cy="20" r="19" fill="currentColor" opacity="0.12" />
      <path d="M20 8c3.6 4 5.4 8 5.4 11.6S23.6 26 20 28c-3.6-2-5.4-4.8-5.4-8.4S16.4 12 20 8Z" fill="currentColor" />
      <path d="M9 16c4.6.4 8 2.4 10 5.8.8 1.4 1 3.2 1 6.2-4.2-.4-7.2-1.8-9-4.4C9.6 21.6 9 19.2 9 16Z" fill="currentColor" opacity="0.7" />
      <path d="M31 16c-4.6.4-8 2.4-10 5.8-.8 1.4-1 3.2-1 6.2 4.2-.4 7.2-1.8 9-4.4 1.4-2 2-4.4 2-7.6Z" fill="currentColor" opacity="0.7" />
      <path d="M10 31h20" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
