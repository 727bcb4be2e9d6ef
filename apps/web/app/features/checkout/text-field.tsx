import { FieldFrame } from './field-frame.tsx'

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
  return (
    <FieldFrame label={label} error={error} wide={wide}>
      {(control) => (
        <input
          {...control}
          name={name}
          type={type}
          className={short ? 'input input--short' : 'input'}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={maxLength}
          required={!optional}
          value={value}
          onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        />
      )}
    </FieldFrame>
  )
}
