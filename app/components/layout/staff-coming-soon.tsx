import { Construction } from "lucide-react";

/** A staff screen that is not built yet: said plainly, inside the staff shell. */
export function StaffComingSoon({ title }: { title: string }) {
  return (
    <div className="max-w-2xl">
      <h1 className="text-3xl text-plum-900">{title}</h1>
      <div role="status" className="mt-6 flex gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-plum-100">
        <Construction aria-hidden="true" className="size-8 shrink-0 text-plum-600" />
        <div>
          <p className="font-serif text-xl text-plum-900">Coming soon</p>
          <p className="mt-1 text-muted">This screen is being built. Its records are safe in the database and will appear here once it is ready.</p>
        </div>
      </div>
    </div>
  );
}
