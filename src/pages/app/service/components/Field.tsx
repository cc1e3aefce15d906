import type { ReactNode } from 'react';

interface FieldProps {
  /** The control's id; its label points at it and the error is found by it. */
  id: string;
  label: string;
  required?: boolean;
  /** For controls that are not form elements (a Selector): the label names them by aria-labelledby. */
  labelOnly?: boolean;
  error?: string;
  hint?: ReactNode;
  /** At the label's right end (e.g. a counter or a button). */
  extra?: ReactNode;
  children: ReactNode;
}

/** One field of a phone form: label above, the control, then its error (in red) or a hint. */
export default function Field({ id, label, required, labelOnly, error, hint, extra, children }: FieldProps) {
  const labelContent = (
    <>
      {label}
      {required ? <span className="svc-required">*</span> : null}
    </>
  );
  return (
    <div className={`svc-field${error ? ' svc-field-invalid' : ''}`} data-field={id}>
      <div className="svc-field-head">
        {labelOnly ? (
          <span className="svc-field-label" id={`${id}-label`}>
            {labelContent}
          </span>
        ) : (
          <label className="svc-field-label" htmlFor={id} id={`${id}-label`}>
            {labelContent}
          </label>
        )}
        {extra}
      </div>
      {children}
      {error ? (
        <div className="svc-field-error" id={`${id}-error`}>
          {error}
        </div>
      ) : hint ? (
        <div className="svc-field-hint">{hint}</div>
      ) : null}
    </div>
  );
}

/** Brings the first field with an error into view (after a submit attempt). */
export function scrollToField(id: string | undefined) {
  if (!id) return;
  const element = document.querySelector(`[data-field="${id}"]`);
  if (element && typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'center', behavior: 'smooth' });
}
