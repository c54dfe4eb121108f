import type { TextareaHTMLAttributes } from 'react';
import { controlClasses, Field, type FieldBaseProps } from './field';

export type TextareaFieldProps = FieldBaseProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'>;

/** A labelled `<textarea>` with optional hint and error. */
export function TextareaField({ label, hint, error, id, className, ...textareaProps }: TextareaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(control) => <textarea {...control} className={controlClasses(Boolean(error), className)} {...textareaProps} />}
    </Field>
  );
}
