import { useId, useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';

export type PasswordFieldProps = Omit<TextFieldProps, 'type'> & { showLabel: string };

/** A password input with a "show password" checkbox (easier than a toggle on small phones). */
export function PasswordField({ showLabel, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const toggleId = useId();
  return (
    <div className="flex flex-col gap-2">
      <TextField {...props} type={visible ? 'text' : 'password'} autoCapitalize="none" spellCheck={false} />
      <label htmlFor={toggleId} className="inline-flex min-h-11 cursor-pointer items-center gap-3 self-start text-sm">
        <input
          id={toggleId}
          type="checkbox"
          checked={visible}
          onChange={(event) => setVisible(event.target.checked)}
          className="size-5 accent-indigo-600"
        />
        {showLabel}
      </label>
    </div>
  );
}
