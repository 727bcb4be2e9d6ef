import type { Cart } from '@shop/contracts/cart'
import type { ShippingMethod, ShippingZone } from '@shop/contracts/shipping'
import { type FormEvent, useMemo, useRef, useState } from 'react'
import { Form, useActionData, useNavigation, useSubmit } from 'react-router'
import type { MessageKey } from '../../i18n/index.ts'
import { formatMoney } from '../../lib/format.ts'
import { useShop, useT } from '../../lib/shop.ts'
import type { CheckoutActionData } from '../../routes/checkout.tsx'
import { CartTotals } from '../cart/cart-totals.tsx'
import { type CardInput, tokenizeCard, validateCard } from './card.ts'
import { type FieldErrors, readValues, validateCheckout } from './fields.ts'
import { TextField } from './text-field.tsx'

/** Shipping methods serving a country, cheapest first (a free one counts as cheapest; ties keep order). */
function methodsFor(zones: ShippingZone[], country: string): ShippingMethod[] {
  const methods = zones
    .filter((z) => z.shipTo.some((s) => s.countryCode === country))
    .flatMap((z) => z.methods)
  return methods
    .map((m, i) => ({ m, i }))
    .sort((a, b) => a.m.fee.amount - b.m.fee.amount || a.i - b.i)
    .map((x) => x.m)
}

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'))

/** One-page guest checkout: contact, shipping address and method, card (tokenized in the browser), summary. */
export function CheckoutForm({ cart, zones }: { cart: Cart; zones: ShippingZone[] }) {
  const t = useT()
  const { language } = useShop()
  const actionData = useActionData<CheckoutActionData>()
  const navigation = useNavigation()
  const submit = useSubmit()
  const formRef = useRef<HTMLFormElement>(null)
  const countries = useMemo(() => {
    const codes = Array.from(new Set(zones.flatMap((z) => z.shipTo.map((s) => s.countryCode))))
    const names = new Intl.DisplayNames([language], { type: 'region' })
    return codes
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name))
  }, [zones, language])
  const [country, setCountry] = useState(() =>
    countries.some((c) => c.code === 'US') ? 'US' : (countries[0]?.code ?? ''),
  )
  const methods = methodsFor(zones, country)
  const [methodKey, setMethodKey] = useState('')
  const selected = methods.find((m) => `${m.zoneId}|${m.id}` === methodKey) ?? methods[0]
  const [names, setNames] = useState({ first: '', last: '' })
  const [contactName, setContactName] = useState<string | null>(null)
  const [card, setCard] = useState<CardInput>({ number: '', expMonth: '', expYear: '', cvc: '' })
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const [clientMessage, setClientMessage] = useState<MessageKey | null>(null)
  const [tokenizing, setTokenizing] = useState(false)
  const submitting = tokenizing || navigation.state !== 'idle'
  const errors: FieldErrors = clientErrors ?? actionData?.errors ?? {}
  const message = clientMessage ?? actionData?.message
  const years = useMemo(() => {
    const now = new Date().getFullYear()
    return Array.from({ length: 10 }, (_, i) => String(now + i))
  }, [])
  const shippingAmount = selected?.fee.amount ?? 0
  const total = Number((cart.totalPrice.amount - cart.shippingCost.amount + shippingAmount).toFixed(2))
  const err = (key: keyof FieldErrors) => (errors[key] ? t(errors[key]) : undefined)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (submitting) return
    const form = event.currentTarget
    const formData = new FormData(form)
    const found = { ...validateCheckout(readValues(formData)), ...validateCard(card) }
    if (Object.keys(found).length > 0) {
      setClientErrors(found)
      setClientMessage('PLEASE_CORRECT_ERRORS')
      const first = form.querySelector<HTMLElement>('[aria-invalid="true"]')
      requestAnimationFrame(() =>
        (form.querySelector<HTMLElement>('[aria-invalid="true"]') ?? first)?.focus(),
      )
      return
    }
    setClientErrors(null)
    setClientMessage(null)
    setTokenizing(true)
    const result = await tokenizeCard(card)
    setTokenizing(false)
    if ('errors' in result) {
      setClientErrors(result.errors)
      setClientMessage(result.message ?? 'PLEASE_CORRECT_ERRORS')
      return
    }
    formData.set('paymentToken', result.token)
    submit(formData, { method: 'post' })
  }

  return (
    <Form method="post" ref={formRef} className="checkout__layout" noValidate onSubmit={onSubmit}>
      <div className="checkout__main">
        <fieldset className="panel">
          <legend>{t('CONTACT')}</legend>
          <div className="form-grid">
            <TextField
              name="firstName"
              label={t('FIRST_NAME')}
              autoComplete="given-name"
              error={err('firstName')}
              onChange={(v) => setNames((n) => ({ ...n, first: v }))}
            />
            <TextField
              name="lastName"
              label={t('LAST_NAME')}
              autoComplete="family-name"
              error={err('lastName')}
              onChange={(v) => setNames((n) => ({ ...n, last: v }))}
            />
            <TextField
              name="email"
              type="email"
              label={t('EMAIL')}
              autoComplete="email"
              error={err('email')}
              wide
            />
          </div>
        </fieldset>
        <fieldset className="panel">
          <legend>{t('SHIPPING_ADDRESS')}</legend>
          <div className="form-grid">
            <TextField
              name="contactName"
              label={t('CONTACT_NAME')}
              autoComplete="shipping name"
              error={err('contactName')}
              value={contactName ?? `${names.first} ${names.last}`.trim()}
              onChange={setContactName}
              wide
            />
            <TextField
              name="street"
              label={t('STREET')}
              autoComplete="shipping address-line1"
              error={err('street')}
              wide
            />
            <TextField
              name="streetAppendix"
              label={t('STREET_APPENDIX')}
              autoComplete="shipping address-line2"
              optional
              wide
            />
            <TextField
              name="city"
              label={t('CITY')}
              autoComplete="shipping address-level2"
              error={err('city')}
            />
            <TextField
              name="zipCode"
              label={t('ZIP_CODE')}
              autoComplete="shipping postal-code"
              error={err('zipCode')}
            />
            <div className="field">
              <label className="field__label" htmlFor="country">
                {t('COUNTRY')}
              </label>
              <select
                id="country"
                name="country"
                autoComplete="shipping country"
                value={country}
                onChange={(e) => {
                  setCountry(e.target.value)
                  setMethodKey('')
                }}
                aria-invalid={Boolean(errors.country)}
              >
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            <TextField name="state" label={t('STATE')} autoComplete="shipping address-level1" optional />
          </div>
        </fieldset>
        <fieldset className="panel">
          <legend>{t('SHIPPING_METHOD')}</legend>
          {methods.length === 0 ? (
            <p className="field__error">{t('NO_SHIPPING_METHODS')}</p>
          ) : (
            <div className="field">
              <label className="field__label" htmlFor="shippingMethod">
                {t('SHIPPING_METHOD')}
              </label>
              <select
                id="shippingMethod"
                name="shippingMethod"
                value={selected ? `${selected.zoneId}|${selected.id}` : ''}
                onChange={(e) => setMethodKey(e.target.value)}
              >
                {methods.map((m) => (
                  <option key={`${m.zoneId}|${m.id}`} value={`${m.zoneId}|${m.id}`}>
                    {m.name} – {formatMoney(m.fee.amount, m.fee.currency, language)}
                  </option>
                ))}
              </select>
            </div>
          )}
        </fieldset>
        <fieldset className="panel">
          <legend>{t('PAYMENT')}</legend>
          <p className="hint">{t('CARD_NOTE')}</p>
          <div className="form-grid">
            <CardField id="card-number" label={t('CARD_NUMBER')} error={err('cardNumber')} wide>
              <input
                id="card-number"
                className="input"
                inputMode="numeric"
                autoComplete="cc-number"
                maxLength={23}
                value={card.number}
                aria-invalid={Boolean(errors.cardNumber)}
                aria-describedby={errors.cardNumber ? 'card-number-error' : undefined}
                onChange={(e) => setCard((c) => ({ ...c, number: e.target.value.replace(/[^\d ]/g, '') }))}
              />
            </CardField>
            <CardField id="card-exp-month" label={t('EXPIRY_MONTH')} error={err('expiry')}>
              <select
                id="card-exp-month"
                autoComplete="cc-exp-month"
                value={card.expMonth}
                aria-invalid={Boolean(errors.expiry)}
                aria-describedby={errors.expiry ? 'card-exp-month-error' : undefined}
                onChange={(e) => setCard((c) => ({ ...c, expMonth: e.target.value }))}
              >
                <option value="">MM</option>
                {MONTHS.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            </CardField>
            <CardField id="card-exp-year" label={t('EXPIRY_YEAR')}>
              <select
                id="card-exp-year"
                autoComplete="cc-exp-year"
                value={card.expYear}
                aria-invalid={Boolean(errors.expiry)}
                onChange={(e) => setCard((c) => ({ ...c, expYear: e.target.value }))}
              >
                <option value="">YYYY</option>
                {years.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </select>
            </CardField>
            <CardField id="card-cvc" label={t('CVC')} error={err('cvc')}>
              <input
                id="card-cvc"
                className="input input--short"
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                value={card.cvc}
                aria-invalid={Boolean(errors.cvc)}
                aria-describedby={errors.cvc ? 'card-cvc-error' : undefined}
                onChange={(e) => setCard((c) => ({ ...c, cvc: e.target.value.replace(/\D/g, '') }))}
              />
            </CardField>
          </div>
        </fieldset>
      </div>
      <aside className="checkout__summary panel" aria-labelledby="summary-title">
        <h2 id="summary-title">{t('ORDER_SUMMARY')}</h2>
        <ul className="summary-lines">
          {cart.items.map((item) => (
            <li key={item.id}>
              <span>
                {item.quantity} × {item.product.name}
                {item.variants.length ? (
                  <span className="summary-lines__variant"> ({item.variants.join(', ')})</span>
                ) : null}
              </span>
              <span>{formatMoney(item.itemPrice.amount, cart.currency, language)}</span>
            </li>
          ))}
        </ul>
        <CartTotals cart={cart} shippingAmount={shippingAmount} />
        <input type="hidden" name="totalPrice" value={total} />
        {message ? (
          <div className="alert alert--error" role="alert">
            <p>{t(message)}</p>
            {actionData?.details?.length && !clientMessage ? (
              <ul>
                {actionData.details.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <button
          type="submit"
          className="button button--primary button--block button--large"
          disabled={submitting || !selected}
        >
          {submitting ? t('PLACING_ORDER') : t('PLACE_ORDER')}
        </button>
      </aside>
    </Form>
  )
}

function CardField({
  id,
  label,
  error,
  wide,
  children,
}: {
  id: string
  label: string
  error?: string
  wide?: boolean
  children: React.ReactNode
}) {
  return (
    <div className={wide ? 'field field--wide' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
