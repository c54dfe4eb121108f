import type { SelectHTMLAttributes } from 'react';
import { controlClasses, Field, type FieldBaseProps } from './field';

export interface SelectOption {
  value: string;
  label: string;
  lang?: string;
}

export type SelectFieldProps = FieldBaseProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & { options: readonly SelectOption[] };

/** A labelled `<select>` with optional hint and error. */
export function SelectField({ label, hint, error, id, className, options, ...selectProps }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(control) => (
        <select {...control} className={controlClasses(Boolean(error), className)} {...selectProps}>
          {options.map((option) => (
            <option key={option.value} value={option.value} lang={option.lang}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
