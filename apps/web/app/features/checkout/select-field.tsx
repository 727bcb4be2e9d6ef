import { useId } from 'react'

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
  const id = useId()
  return (
    <div className={wide ? 'field field--wide' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        autoComplete={autoComplete}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </select>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
