import type { ReactNode } from 'react';

export interface SectionProps {
  id: string;
  title: string;
  children: ReactNode;
}

/** One component's entry in the gallery. */
export function Section({ id, title, children }: SectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-2xl bg-surface p-6 shadow-sm"
    >
      <h2 id={`${id}-title`} className="font-semibold text-body text-xl">
        {title}
      </h2>
      <div className="flex flex-wrap items-center gap-4">{children}</div>
    </section>
  );
}
