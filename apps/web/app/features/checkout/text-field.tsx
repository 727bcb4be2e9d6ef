import { useId } from 'react'

/** Labelled text input with its inline error tied by aria-describedby. */
export function TextField({
  name,
  label,
  error,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  optional,
  wide,
  short,
  value,
  onChange,
}: {
  /** Left out for what is never posted to the shop (the card inputs). */
  name?: string
  label: string
  error?: string
  type?: string
  autoComplete?: string
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode']
  maxLength?: number
  optional?: boolean
  wide?: boolean
  /** A narrow input (a CVC). */
  short?: boolean
  value?: string
  onChange?: (value: string) => void
}) {
  const id = useId()
  return (
    <div className={wide ? 'field field--wide' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        className={short ? 'input input--short' : 'input'}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        required={!optional}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
