import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { errorMessage, isApiError } from './api-error';
import { detailsToFieldErrors, focusFirstError, formValues, issuesToFieldErrors, type FieldErrors } from './form-errors';

type Options<S extends z.ZodType> = {
  /** Turns the form's text entries into the shape the schema expects. */
  prepare?: (values: Record<string, string>) => unknown;
  /** Called with the parsed values once they pass the schema. */
  onValid: (data: z.output<S>, form: HTMLFormElement) => void;
};

/**
 * One form's validation and error display: it checks the entries against the contracts schema
 * before any request, and shows a failed request's message and field details where they belong.
 */
export function useSchemaForm<S extends z.ZodType>(schema: S, { prepare, onValid }: Options<S>) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(null);
    const values = formValues(form);
    const parsed = schema.safeParse(prepare ? prepare(values) : values);
    if (!parsed.success) {
      const fieldErrors = issuesToFieldErrors(parsed.error.issues);
      setErrors(fieldErrors);
      focusFirstError(form, fieldErrors);
      return;
    }
    setErrors({});
    onValid(parsed.data, form);
  }

  /**
   * Shows a failed request: its message above the form, the server's field details under their
   * fields, and `fieldForCode` puts the message under one field for a given error code.
   * Returns the message, for a toast.
   */
  function showRequestError(form: HTMLFormElement | null, error: unknown, fallback: string, fieldForCode: Record<string, string> = {}): string {
    const message = errorMessage(error, fallback);
    setFormError(message);
    if (isApiError(error)) {
      const fieldErrors = detailsToFieldErrors(error.details);
      const field = fieldForCode[error.code];
      if (field) fieldErrors[field] = message;
      setErrors(fieldErrors);
      if (form) focusFirstError(form, fieldErrors);
    }
    return message;
  }

  return { errors, formError, handleSubmit, showRequestError };
}
