import { FieldFrame } from './field-frame.tsx'

/** Labelled select with its inline error tied by aria-describedby; the options are its children. */
export function SelectField({
  name,
  label,
  error,
  autoComplete,
  wide,
  value,
  onChange,
  children,
}: {
  name?: string
  label: string
  error?: string
  autoComplete?: string
  wide?: boolean
  value: string
  onChange: (value: string) => void
  children: React.ReactNode
}) {
  return (
    <FieldFrame label={label} error={error} wide={wide}>
      {(control) => (
        <select
          {...control}
          name={name}
          autoComplete={autoComplete}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          {children}
        </select>
      )}
    </FieldFrame>
  )
}
