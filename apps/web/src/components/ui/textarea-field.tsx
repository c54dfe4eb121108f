import type { ComponentProps } from 'react';
import { controlClasses, Field, type FieldBaseProps } from './field';

/** Textarea attributes, `ref` included (React 19 passes it as a prop). */
export type TextareaFieldProps = FieldBaseProps & Omit<ComponentProps<'textarea'>, 'children'>;

/** A labelled `<textarea>` with optional hint and error. */
export function TextareaField({ label, hint, error, id, className, ...textareaProps }: TextareaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(control) => <textarea {...control} className={controlClasses(Boolean(error), className)} {...textareaProps} />}
    </Field>
  );
}
