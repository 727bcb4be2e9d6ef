import { useT } from '../../lib/shop.ts'
import type { Step } from './wizard.ts'

/** One wizard step: its heading (the #stepN anchor), then either the form, or a summary with Edit, or nothing yet. */
export function StepSection({
  step,
  position,
  title,
  state,
  summary,
  onEdit,
  children,
}: {
  step: Step
  position: number
  title: string
  state: 'open' | 'done' | 'later'
  summary?: React.ReactNode
  onEdit?: () => void
  children: React.ReactNode
}) {
  const t = useT()
  return (
    <section
      id={`step${step}`}
      className={`panel wizard-step wizard-step--${state}`}
      aria-labelledby={`step${step}-title`}
      aria-current={state === 'open' ? 'step' : undefined}
    >
      <h2 id={`step${step}-title`} className="wizard-step__title" tabIndex={-1}>
        <span className="wizard-step__number">{t('STEP_N', { n: position })}</span> {title}
        {state === 'done' ? <span className="visually-hidden"> ({t('STEP_DONE')})</span> : null}
      </h2>
      {state === 'open' ? children : null}
      {state === 'done' ? (
        <div className="wizard-step__summary">
          {summary}
          {onEdit ? (
            <button type="button" className="button button--secondary" onClick={onEdit}>
              {t('EDIT_STEP', { step: title })}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}

/** The step's own message (PLEASE_CORRECT_ERRORS …), announced when it appears. */
export function StepAlert({ message, details }: { message?: string; details?: string[] }) {
  if (!message) return null
  return (
    <div className="alert alert--error" role="alert">
      <p>{message}</p>
      {details?.length ? (
        <ul>
          {details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
