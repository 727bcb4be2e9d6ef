import { FieldFrame } from './field-frame.tsx'

/**
 * A labelled select with its inline error; the options are its children. Controlled (`value` and
 * `onChange`) or left to the browser (`defaultValue`).
 */
export function SelectField({
  id,
  name,
  label,
  error,
  autoComplete,
  required,
  wide,
  value,
  defaultValue,
  onChange,
  children,
}: {
  id?: string
  name?: string
  label: string
  error?: string
  autoComplete?: string
  required?: boolean
  wide?: boolean
  value?: string
  defaultValue?: string
  onChange?: (value: string) => void
  children: React.ReactNode
}) {
  return (
    <FieldFrame id={id} label={label} error={error} wide={wide}>
      {(control) => (
        <select
          {...control}
          name={name}
          autoComplete={autoComplete}
          required={required}
          value={value}
          defaultValue={defaultValue}
          onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        >
          {children}
        </select>
      )}
    </FieldFrame>
  )
}
