import type { TextareaHTMLAttributes } from 'react';
import { FieldError } from './field-error';
import { inputClass, labelClass } from './ui';

type NativeTextAreaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'value' | 'onChange' | 'className' | 'maxLength'
>;

/**
 * A labelled textarea with a live "n/max characters" counter and its validation message, both
 * announced with the field.
 */
export function TextAreaField({
  id,
  label,
  value,
  onChange,
  maxLength,
  error,
  ...textarea
}: NativeTextAreaProps & {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error?: string | undefined;
}) {
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <textarea
        id={id}
        name={id}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${countId} ${errorId}` : countId}
        {...textarea}
      />
      <p id={countId} className="mt-1 text-xs text-slate-600">
        {`${value.length}/${maxLength} characters`}
      </p>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
