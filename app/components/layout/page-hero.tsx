import type { ReactNode } from "react";

/**
 * The dark band every public page opens with: the header sits on it, light on
 * dark, until the page is scrolled.
 */
export function PageHero({ title, children, eyebrow }: { title: ReactNode; eyebrow?: string; children?: ReactNode }) {
  return (
    <section className="bg-hero text-white">
      <div className="container-page pt-[calc(var(--header-height)+3rem)] pb-14 md:pt-[calc(var(--header-height)+4.5rem)] md:pb-20">
        {eyebrow ? <p className="text-sm font-semibold tracking-[0.2em] text-plum-100 uppercase">{eyebrow}</p> : null}
        <h1 className="mt-2 text-4xl leading-tight md:text-5xl">{title}</h1>
        {children ? <div className="mt-4 max-w-2xl text-lg text-plum-50">{children}</div> : null}
      </div>
    </section>
  );
}
