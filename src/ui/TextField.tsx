import type { InputHTMLAttributes, Ref } from 'react';
import { PixelIcon } from './PixelIcon';
import { alert as iconAlert } from './pixel-icons';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  /** The validation message shown under the field; marks the field invalid. */
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input of the account forms with its validation message underneath. */
export function TextField({ id, label, error, className = '', ...input }: Props) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-2 block font-pixel text-[0.6rem] tracking-wide text-secondary">
        {label}
      </label>
      <input
        id={id}
        className={`input w-full border-2 bg-base-100 text-base ${error ? 'input-error' : 'border-plum focus:border-primary'} ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="mt-2 flex items-start gap-1.5 text-sm leading-snug text-error">
          <PixelIcon icon={iconAlert} className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      )}
    </div>
  );
}

/** The e-mail field of the sign-up and sign-in forms. */
export function EmailField(props: Omit<Props, 'label' | 'name' | 'type' | 'autoComplete' | 'placeholder'>) {
  return (
    <TextField
      label="Email Address"
      name="email"
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
      {...props}
    />
  );
}
