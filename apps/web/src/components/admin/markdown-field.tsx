import { useRef } from 'react';
import { cx } from '@/components/ui/cx';
import { TextareaField, type TextareaFieldProps } from '@/components/ui/textarea-field';
import { useImageControls } from './image-controls';

export type MarkdownFieldProps = Omit<TextareaFieldProps, 'label' | 'value' | 'onChange' | 'ref'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
};

/** A Markdown textarea in the editor's monospace style, with "Insert image" below it. */
export function MarkdownField({ label, value, onChange, className, ...props }: MarkdownFieldProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const { ImageInserter } = useImageControls();
  return (
    <div className="flex flex-col gap-2">
      <TextareaField
        ref={textarea}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        spellCheck
        className={cx('resize-y font-mono text-sm leading-6', className)}
        {...props}
      />
      <ImageInserter textarea={textarea} onChange={onChange} field={label} />
    </div>
  );
}
