import { useId } from 'react'

/** What a control inside a FieldFrame spreads onto itself: its id and its tie to the hint and inline error. */
export interface FieldControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/**
 * The frame every form field of the storefront shares: the label, the control (rendered by `children` with
 * its id and aria attributes), an optional hint and the inline error, both tied to the control by
 * aria-describedby.
 */
export function FieldFrame({
  id: fixedId,
  label,
  error,
  hint,
  wide,
  children,
}: {
  /** A fixed id for the control (one a page links to); otherwise a generated one. */
  id?: string
  label: string
  error?: string
  hint?: string
  /** Spans both columns of a `form-grid`. */
  wide?: boolean
  children: (control: FieldControlProps) => React.ReactNode
}) {
  const generated = useId()
  const id = fixedId ?? generated
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className={wide ? 'field field--wide' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
