import type { Cart } from '@shop/contracts/cart'
import { useEffect, useId, useRef } from 'react'
import { useFetcher } from 'react-router'
import type { MessageKey } from '../../i18n/en.ts'
import { formatMoney } from '../../lib/format.ts'
import { useShop, useT } from '../../lib/shop.ts'
import type { CartActionResult } from './cart-actions.server.ts'

/** Apply a coupon, list the applied ones (not-applied ones with their reason), remove one or all (spec §8). */
export function CouponForm({ cart }: { cart: Cart }) {
  const t = useT()
  const { language } = useShop()
  const apply = useFetcher<CartActionResult>()
  const remove = useFetcher<CartActionResult>()
  const inputRef = useRef<HTMLInputElement>(null)
  const codeId = useId()
  const errorId = useId()
  const result = apply.state === 'idle' ? apply.data : undefined
  useEffect(() => {
    // The code field is cleared after a successful redemption.
    if (result?.ok && inputRef.current) inputRef.current.value = ''
  }, [result])
  const error = result && !result.ok ? result.error : null
  return (
    <section className="coupons" aria-labelledby={`${codeId}-title`}>
      <h3 id={`${codeId}-title`} className="coupons__title">
        {t('APPLIED_COUPONS')}
      </h3>
      <apply.Form method="post" action="/cart" className="coupons__form" noValidate>
        <input type="hidden" name="intent" value="coupon" />
        <label className="visually-hidden" htmlFor={codeId}>
          {t('COUPON_CODE')}
        </label>
        <input
          ref={inputRef}
          id={codeId}
          name="code"
          className="input"
          placeholder={t('COUPON_CODE')}
          autoComplete="off"
          maxLength={24}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="button button--secondary" disabled={apply.state !== 'idle'}>
          {t('APPLY_COUPON')}
        </button>
      </apply.Form>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {t((error in COUPON_MESSAGES ? error : 'COUPON_ERROR') as MessageKey)}
        </p>
      ) : null}
      {cart.discounts.length > 0 ? (
        <ul className="coupons__list">
          {cart.discounts.map((d) => {
            const missing = d.minOrderValue ? d.minOrderValue.amount - cart.subTotalPrice.amount : 0
            return (
              <li key={d.id} className="coupons__item" data-applied={d.applied}>
                <span className="coupons__code">{d.code}</span>
                <span className="coupons__amount">
                  {d.applied ? formatMoney(-d.amount, cart.currency, language) : t('COUPON_NOT_APPLIED')}
                </span>
                <remove.Form method="post" action="/cart">
                  <input type="hidden" name="intent" value="remove-coupon" />
                  <input type="hidden" name="discountId" value={d.id} />
                  <button
                    type="submit"
                    className="button button--link"
                    aria-label={t('REMOVE_COUPON', { code: d.code })}
                    disabled={remove.state !== 'idle'}
                  >
                    {t('REMOVE')}
                  </button>
                </remove.Form>
                {!d.applied && d.problem ? (
                  <p className="coupons__problem">
                    {missing > 0
                      ? t('COUPON_MIN_ORDER_WARNING', {
                          amount: formatMoney(missing, cart.currency, language),
                        })
                      : t(
                          (d.problem.toUpperCase() in COUPON_MESSAGES
                            ? d.problem.toUpperCase()
                            : 'COUPON_ERROR') as MessageKey,
                        )}
                  </p>
                ) : null}
              </li>
            )
          })}
        </ul>
      ) : null}
      {cart.discounts.length > 1 ? (
        <remove.Form method="post" action="/cart">
          <input type="hidden" name="intent" value="remove-coupons" />
          <button type="submit" className="button button--link" disabled={remove.state !== 'idle'}>
            {t('REMOVE_ALL_COUPONS')}
          </button>
        </remove.Form>
      ) : null}
    </section>
  )
}

const COUPON_MESSAGES = {
  COUPON_NOT_VALID: 1,
  COUPON_ERR_ANONYMOUS: 1,
  COUPON_ERR_CURRENCY: 1,
  COUPON_NOT_ACTIVE: 1,
  COUPON_EXPIRED: 1,
  COUPON_REDEMPTIONS_EXCEEDED: 1,
  COUPON_REDEMPTION_FORBIDDEN: 1,
  COUPON_ORDER_TOTAL_TOO_LOW: 1,
  COUPON_CURRENCY_INCORRECT: 1,
  COUPON_DISCOUNT_CURRENCY_INCORRECT: 1,
  COUPON_DISCOUNT_AMOUNT_INCORRECT: 1,
  COUPON_ERROR: 1,
} satisfies Partial<Record<MessageKey, 1>>
