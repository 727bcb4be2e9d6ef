import { FieldFrame } from './field-frame.tsx'

/**
 * A labelled text input with an optional hint and inline error. Controlled (`value` and `onChange`, the
 * checkout) or left to the browser (`defaultValue`, forms posted as they are).
 */
export function TextField({
  name,
  label,
  error,
  hint,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  minLength,
  required = true,
  wide,
  short,
  value,
  defaultValue,
  onChange,
}: {
  /** Left out for what is never posted to the shop (the card inputs). */
  name?: string
  label: string
  error?: string
  hint?: string
  type?: string
  autoComplete?: string
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode']
  maxLength?: number
  minLength?: number
  required?: boolean
  wide?: boolean
  /** A narrow input (a CVC). */
  short?: boolean
  value?: string
  defaultValue?: string
  onChange?: (value: string) => void
}) {
  return (
    <FieldFrame label={label} error={error} hint={hint} wide={wide}>
      {(control) => (
        <input
          {...control}
          name={name}
          type={type}
          className={short ? 'input input--short' : 'input'}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={maxLength}
          minLength={minLength}
          required={required}
          value={value}
          defaultValue={defaultValue}
          onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        />
      )}
    </FieldFrame>
  )
}
