import { useId } from 'react'

/** A labelled checkbox (the label follows the box, as a platform checkbox does) with an optional hint. */
export function CheckField({
  name,
  label,
  hint,
  defaultChecked,
}: {
  name: string
  label: string
  hint?: string
  defaultChecked?: boolean
}) {
  const id = useId()
  return (
    <div className="field field--wide">
      <span className="check-field">
        <input
          id={id}
          type="checkbox"
          name={name}
          value="on"
          defaultChecked={defaultChecked}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        <label htmlFor={id}>{label}</label>
      </span>
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
