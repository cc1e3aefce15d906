import { Selector } from 'antd-mobile';
import { type TaskField, type TaskFieldValues, fieldValueError, hasFieldValue, numberRangeText } from '@common/taskFields';

/** What the cadre typed or picked, by field key: text as typed (a number stays text until sent). */
export type FieldDrafts = Record<string, string>;

/** The typed text as the value the server takes: a number field's text as a number. */
function valueOf(field: TaskField, text: string | undefined): unknown {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return undefined;
  if (field.type !== 'number') return trimmed;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** Each field's error (common/taskFields.ts words them as the server does), by key. */
export function fieldErrors(fields: TaskField[], drafts: FieldDrafts): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const message = fieldValueError(field, valueOf(field, drafts[field.key]));
    if (message) errors[field.key] = message;
  }
  return errors;
}

/** The values to send: only the fields given, numbers as numbers. */
export function fieldValues(fields: TaskField[], drafts: FieldDrafts): TaskFieldValues {
  const values: TaskFieldValues = {};
  for (const field of fields) {
    const value = valueOf(field, drafts[field.key]);
    if (hasFieldValue(value)) values[field.key] = value as number | string;
  }
  return values;
}

const inputId = (key: string) => `task-field-${key}`;

/**
 * The task's form fields on the phone: a number with its unit and bounds (a decimal keypad), one
 * choice of its options, a date (the phone's own date picker). Each says what is wrong under it once
 * touched (the form's 还需 line names those not yet filled); the server says the same.
 */
export default function FieldInputs({
  fields,
  drafts,
  touched,
  disabled,
  onChange,
  onTouch,
  serverErrors,
}: {
  fields: TaskField[];
  drafts: FieldDrafts;
  touched: Set<string>;
  disabled: boolean;
  onChange(key: string, text: string): void;
  onTouch(key: string): void;
  /** What the server refused, by key (a value it refused before the phone knew to). */
  serverErrors: Record<string, string>;
}) {
  const errors = fieldErrors(fields, drafts);
  return (
    <>
      {fields.map((field) => {
        const id = inputId(field.key);
        const shown = touched.has(field.key) ? (errors[field.key] ?? serverErrors[field.key]) : serverErrors[field.key];
        const hint = field.type === 'number' ? numberRangeText(field) : '';
        const describedBy = shown ? `${id}-error` : hint ? `${id}-hint` : undefined;
        return (
          <div className={`submit-field${shown ? ' submit-field-invalid' : ''}`} key={field.key} data-field={id}>
            <div className="submit-field-label">
              {field.type === 'choice' ? (
                <span id={`${id}-label`}>
                  {field.label}
                  {field.required ? <span className="submit-required">*</span> : null}
                </span>
              ) : (
                <label htmlFor={id} id={`${id}-label`}>
                  {field.label}
                  {field.required ? <span className="submit-required">*</span> : null}
                </label>
              )}
            </div>
            {field.type === 'choice' ? (
              <Selector
                className="submit-selector"
                aria-labelledby={`${id}-label`}
                aria-describedby={describedBy}
                columns={(field.options ?? []).length > 3 ? 2 : (field.options ?? []).length}
                options={(field.options ?? []).map((option) => ({ label: option, value: option }))}
                value={drafts[field.key] ? [drafts[field.key]] : []}
                onChange={(picked) => {
                  onChange(field.key, picked[0] ?? '');
                  onTouch(field.key);
                }}
                disabled={disabled}
              />
            ) : (
              <div className="submit-input">
                {/* A plain input: antd-mobile's Input drops aria-invalid and aria-describedby. */}
                <input
                  id={id}
                  className="submit-input-element"
                  type={field.type === 'date' ? 'date' : 'text'}
                  inputMode={field.type === 'number' ? ((field.decimals ?? 0) > 0 ? 'decimal' : 'numeric') : undefined}
                  value={drafts[field.key] ?? ''}
                  onChange={(event) => onChange(field.key, event.target.value)}
                  onBlur={() => onTouch(field.key)}
                  placeholder={field.type === 'number' ? '请填写数字' : undefined}
                  disabled={disabled}
                  aria-invalid={shown ? true : undefined}
                  aria-describedby={describedBy}
                  aria-required={field.required || undefined}
                />
                {field.type === 'number' && field.unit ? <span className="submit-input-unit">{field.unit}</span> : null}
              </div>
            )}
            {shown ? (
              <div className="submit-field-error" id={`${id}-error`}>
                {shown}
              </div>
            ) : hint ? (
              <div className="submit-field-hint" id={`${id}-hint`}>
                范围：{hint}
              </div>
            ) : null}
          </div>
        );
      })}
    </>
  );
}

/** Brings a field into view (the first wrong one after a send attempt). */
export function scrollToTaskField(key: string | undefined) {
  if (!key) return;
  const element = document.querySelector(`[data-field="${inputId(key)}"]`);
  if (element && typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'center', behavior: 'smooth' });
}
