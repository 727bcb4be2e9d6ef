import { useId } from 'react'

/** What a control inside a FieldFrame spreads onto itself: its id and its tie to the inline error. */
export interface FieldControlProps {
  id: string
  'aria-invalid': boolean
  'aria-describedby': string | undefined
}

/**
 * The frame every checkout field shares: the label, the control (rendered by `children` with its id and
 * aria attributes) and the inline error tied to it by aria-describedby.
 */
export function FieldFrame({
  label,
  error,
  wide,
  children,
}: {
  label: string
  error?: string
  wide?: boolean
  children: (control: FieldControlProps) => React.ReactNode
}) {
  const id = useId()
  return (
    <div className={wide ? 'field field--wide' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': error ? `${id}-error` : undefined,
      })}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
