import { useId, useMemo } from 'react'
import { useT } from '../../lib/shop.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import { type CardValues, EXPIRY_MONTHS, expiryYears, type FieldErrors } from './fields.ts'

/** Card number, expiry (months 01–12, years from this year for 10 years) and CVC; never posted to the shop. */
export function CardFields({
  card,
  onChange,
  errors,
}: {
  card: CardValues
  onChange: (next: CardValues) => void
  errors: FieldErrors
}) {
  const t = useT()
  const years = useMemo(() => expiryYears(new Date()), [])
  const err = (key: string) => (errors[key] ? t(errors[key]) : undefined)
  const expiryError = err('expiry')
  return (
    <div className="form-grid">
      <p className="hint field--wide">{t('CARD_NOTE')}</p>
      <TextField
        label={t('CARD_NUMBER')}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        error={err('cardNumber')}
        value={card.number}
        onChange={(v) => onChange({ ...card, number: v.replace(/[^\d ]/g, '') })}
        wide
      />
      <fieldset
        className="field card-expiry"
        aria-describedby={expiryError ? 'card-expiry-error' : undefined}
      >
        <legend className="field__label">{t('EXPIRY')}</legend>
        <div className="card-expiry__selects">
          <ExpirySelect
            label={t('EXPIRY_MONTH')}
            autoComplete="cc-exp-month"
            placeholder="MM"
            options={EXPIRY_MONTHS}
            value={card.expMonth}
            invalid={Boolean(expiryError)}
            onChange={(expMonth) => onChange({ ...card, expMonth })}
          />
          <ExpirySelect
            label={t('EXPIRY_YEAR')}
            autoComplete="cc-exp-year"
            placeholder="YYYY"
            options={years}
            value={card.expYear}
            invalid={Boolean(expiryError)}
            onChange={(expYear) => onChange({ ...card, expYear })}
          />
        </div>
        {expiryError ? (
          <p className="field__error" id="card-expiry-error">
            {expiryError}
          </p>
        ) : null}
      </fieldset>
      <TextField
        label={t('CVC')}
        inputMode="numeric"
        autoComplete="cc-csc"
        maxLength={4}
        error={err('cvc')}
        value={card.cvc}
        onChange={(v) => onChange({ ...card, cvc: v.replace(/\D/g, '') })}
        short
      />
    </div>
  )
}

/** The month or the year of the expiry: a select with its own (visually hidden) label. */
function ExpirySelect({
  label,
  autoComplete,
  placeholder,
  options,
  value,
  invalid,
  onChange,
}: {
  label: string
  autoComplete: string
  placeholder: string
  options: readonly string[]
  value: string
  invalid: boolean
  onChange: (value: string) => void
}) {
  const id = useId()
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        autoComplete={autoComplete}
        value={value}
        aria-invalid={invalid}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </>
  )
}
