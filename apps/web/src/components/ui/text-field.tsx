import type { InputHTMLAttributes } from 'react';
import { controlClasses, Field, type FieldBaseProps } from './field';

export type TextFieldProps = FieldBaseProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>;

/** A labelled `<input>` with optional hint and error. */
export function TextField({ label, hint, error, id, className, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(control) => <input {...control} className={controlClasses(Boolean(error), className)} {...inputProps} />}
    </Field>
  );
}
