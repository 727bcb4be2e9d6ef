import { FieldFrame } from './field-frame.tsx'

/** A labelled multi-line text input with an optional hint and inline error (left to the browser: defaultValue). */
export function TextAreaField({
  name,
  label,
  error,
  hint,
  maxLength,
  required = false,
  wide,
  defaultValue,
}: {
  name: string
  label: string
  error?: string
  hint?: string
  maxLength?: number
  required?: boolean
  wide?: boolean
  defaultValue?: string
}) {
  return (
    <FieldFrame label={label} error={error} hint={hint} wide={wide}>
      {(control) => (
        <textarea
          {...control}
          name={name}
          className="input"
          maxLength={maxLength}
          required={required}
          defaultValue={defaultValue}
        />
      )}
    </FieldFrame>
  )
}
