import type { Cart } from '@shop/contracts/cart'
import { useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { useT } from '../../lib/shop.ts'
import type { CartActionResult } from './cart-actions.server.ts'

/** Spec §9 taxable countries; the estimate is stored on the cart (PUT), so it survives reloads. */
const COUNTRIES = [
  { code: 'US', key: 'COUNTRY_US' },
  { code: 'CA', key: 'COUNTRY_CA' },
] as const

/** Country and zip code, both required (else the estimation error); shown where the tax is added. */
export function TaxEstimate({ cart }: { cart: Cart }) {
  const t = useT()
  const fetcher = useFetcher<CartActionResult>()
  const [missing, setMissing] = useState(false)
  const [open, setOpen] = useState(false)
  const formId = useId()
  const countryId = useId()
  const zipId = useId()
  const errorId = useId()
  const serverFailed = fetcher.state === 'idle' && fetcher.data !== undefined && !fetcher.data.ok
  const showError = missing || serverFailed
  return (
    <div className="tax-estimate">
      <button
        type="button"
        className="button button--link disclosure"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen(!open)}
      >
        <span className="disclosure__marker" aria-hidden="true" />
        {t('ESTIMATE_TAX')}
      </button>
      <div id={formId} hidden={!open}>
        <fetcher.Form
          method="post"
          action="/cart"
          className="tax-estimate__form"
          noValidate
          onSubmit={(event) => {
            const form = new FormData(event.currentTarget)
            const empty = !form.get('countryCode') || !String(form.get('zipCode') ?? '').trim()
            setMissing(empty)
            if (empty) event.preventDefault()
          }}
        >
          <input type="hidden" name="intent" value="estimate" />
          <div className="field">
            <label className="field__label" htmlFor={countryId}>
              {t('ESTIMATE_COUNTRY')}
            </label>
            <select
              id={countryId}
              name="countryCode"
              className="input"
              defaultValue={cart.countryCode ?? ''}
              aria-describedby={showError ? errorId : undefined}
            >
              <option value="">{t('SELECT_COUNTRY')}</option>
              {COUNTRIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {t(c.key)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={zipId}>
              {t('ESTIMATE_ZIP')}
            </label>
            <input
              id={zipId}
              name="zipCode"
              className="input"
              autoComplete="postal-code"
              maxLength={20}
              defaultValue={cart.zipCode ?? ''}
              aria-describedby={showError ? errorId : undefined}
            />
          </div>
          <button type="submit" className="button button--secondary" disabled={fetcher.state !== 'idle'}>
            {t('ESTIMATE')}
          </button>
        </fetcher.Form>
        {showError ? (
          <p id={errorId} className="field__error" role="alert">
            {t('TAX_ESTIMATION_ERROR')}
          </p>
        ) : null}
      </div>
      {cart.countryCode && cart.zipCode && !showError ? (
        <p className="tax-estimate__for">
          {t('ESTIMATED_FOR', { zip: cart.zipCode, country: cart.countryCode })}
        </p>
      ) : null}
    </div>
  )
}
