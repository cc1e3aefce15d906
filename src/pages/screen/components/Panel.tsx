import type { ReactNode } from 'react';

interface PanelProps {
  title: string;
  /** A short note at the right of the heading (a unit, a total). */
  extra?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** One framed block of the wall display, with its heading. */
export default function Panel({ title, extra, className, children }: PanelProps) {
  return (
    <section className={`screen-panel${className ? ` ${className}` : ''}`} aria-label={title}>
      <header className="screen-panel-head">
        <h2>{title}</h2>
        {extra ? <span className="screen-panel-extra">{extra}</span> : null}
      </header>
      <div className="screen-panel-body">{children}</div>
    </section>
  );
}
