import { useId, useState, type ReactNode } from 'react';
import './Collapsible.css';

/** A section that starts collapsed (spec section 2: all four CMS sections do). */
export function Collapsible({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <section className="panel collapsible">
      <h2>
        <button type="button" className="collapsible-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> {title}
        </button>
      </h2>
      {open && <div id={id}>{children}</div>}
    </section>
  );
}
