import { useMemo } from 'react'
import { useT } from '../../lib/shop.ts'
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
  const describe = (key: string, id: string) => (errors[key] ? id : undefined)
  return (
    <div className="form-grid">
      <p className="hint field--wide">{t('CARD_NOTE')}</p>
      <div className="field field--wide">
        <label className="field__label" htmlFor="card-number">
          {t('CARD_NUMBER')}
        </label>
        <input
          id="card-number"
          className="input"
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          value={card.number}
          aria-invalid={Boolean(errors.cardNumber)}
          aria-describedby={describe('cardNumber', 'card-number-error')}
          onChange={(e) => onChange({ ...card, number: e.target.value.replace(/[^\d ]/g, '') })}
        />
        {errors.cardNumber ? (
          <p className="field__error" id="card-number-error">
            {t(errors.cardNumber)}
          </p>
        ) : null}
      </div>
      <fieldset className="field card-expiry" aria-describedby={describe('expiry', 'card-expiry-error')}>
        <legend className="field__label">{t('EXPIRY')}</legend>
        <div className="card-expiry__selects">
          <label className="visually-hidden" htmlFor="card-exp-month">
            {t('EXPIRY_MONTH')}
          </label>
          <select
            id="card-exp-month"
            autoComplete="cc-exp-month"
            value={card.expMonth}
            aria-invalid={Boolean(errors.expiry)}
            onChange={(e) => onChange({ ...card, expMonth: e.target.value })}
          >
            <option value="">MM</option>
            {EXPIRY_MONTHS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
          <label className="visually-hidden" htmlFor="card-exp-year">
            {t('EXPIRY_YEAR')}
          </label>
          <select
            id="card-exp-year"
            autoComplete="cc-exp-year"
            value={card.expYear}
            aria-invalid={Boolean(errors.expiry)}
            onChange={(e) => onChange({ ...card, expYear: e.target.value })}
          >
            <option value="">YYYY</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        {errors.expiry ? (
          <p className="field__error" id="card-expiry-error">
            {t(errors.expiry)}
          </p>
        ) : null}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor="card-cvc">
          {t('CVC')}
        </label>
        <input
          id="card-cvc"
          className="input input--short"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={card.cvc}
          aria-invalid={Boolean(errors.cvc)}
          aria-describedby={describe('cvc', 'card-cvc-error')}
          onChange={(e) => onChange({ ...card, cvc: e.target.value.replace(/\D/g, '') })}
        />
        {errors.cvc ? (
          <p className="field__error" id="card-cvc-error">
            {t(errors.cvc)}
          </p>
        ) : null}
      </div>
    </div>
  )
}
