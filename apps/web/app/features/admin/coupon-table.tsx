import type { StaffCouponSummary } from '@shop/contracts/backoffice-coupons'
import { toAmount } from '@shop/contracts/money'
import { Link } from 'react-router'
import { type AdminTranslate, adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { formatCodeAmount, formatDateTime } from '../../lib/format.ts'

/** Amounts per currency as "5.00 EUR, 5.50 USD" in the shop's currencies' order. */
const perCurrency = (minor: Record<string, number>, currencies: readonly string[], language: Language) =>
  [...currencies, ...Object.keys(minor).filter((c) => !currencies.includes(c))]
    .flatMap((c) => (minor[c] === undefined ? [] : [formatCodeAmount(toAmount(minor[c], c), c, language)]))
    .join(', ')

function discountText(
  c: StaffCouponSummary,
  currencies: readonly string[],
  language: Language,
  t: AdminTranslate,
) {
  const discount =
    c.discountType === 'PERCENT'
      ? t('COUPON_PERCENT', { percent: c.percentage ?? 0 })
      : perCurrency(c.amounts, currencies, language)
  const min = perCurrency(c.minOrders, currencies, language)
  return min ? `${discount}; ${t('COUPON_MIN', { amount: min })}` : discount
}

function validText(c: StaffCouponSummary, language: Language, t: AdminTranslate) {
  const parts = [
    c.validFrom ? t('COUPON_FROM', { date: `${formatDateTime(c.validFrom, language)} UTC` }) : '',
    c.validUntil ? t('COUPON_UNTIL', { date: `${formatDateTime(c.validUntil, language)} UTC` }) : '',
  ].filter(Boolean)
  return parts.length ? parts.join(' ') : t('COUPON_ALWAYS')
}

/** Who may redeem it, when not everybody: listed customers, signed-in customers, a limit per customer. */
function whoText(c: StaffCouponSummary, t: AdminTranslate) {
  return [
    c.restrictedTo > 0 ? t('COUPON_FOR_SOME', { count: c.restrictedTo }) : '',
    c.customersOnly && c.restrictedTo === 0 ? t('COUPON_SIGNED_IN') : '',
    c.perCustomer ? t('COUPON_PER_CUSTOMER', { count: c.perCustomer }) : '',
  ]
    .filter(Boolean)
    .join('; ')
}

/** The coupon list: code (to its form), name, discount, dates, redemptions used of the limit, status. */
export function CouponTable({
  items,
  currencies,
  language,
}: {
  items: StaffCouponSummary[]
  currencies: string[]
  language: Language
}) {
  const t = adminTranslator(language)
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t('COUPON_COL_CODE')}</th>
            <th scope="col">{t('COL_NAME')}</th>
            <th scope="col">{t('COUPON_COL_DISCOUNT')}</th>
            <th scope="col">{t('COUPON_COL_VALID')}</th>
            <th scope="col">{t('COUPON_COL_REDEEMED')}</th>
            <th scope="col">{t('COL_STATUS')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((c) => {
            const who = whoText(c, t)
            return (
              <tr key={c.code}>
                <td>
                  <Link to={`/admin/coupons/${encodeURIComponent(c.code)}`}>{c.code}</Link>
                </td>
                <td>{c.name}</td>
                <td>
                  {discountText(c, currencies, language, t)}
                  {who ? <div className="hint">{who}</div> : null}
                </td>
                <td>{validText(c, language, t)}</td>
                <td>
                  {c.maxRedemptions === null
                    ? t('COUPON_USED_UNLIMITED', { used: c.redemptions })
                    : t('COUPON_USED_OF', { used: c.redemptions, limit: c.maxRedemptions })}
                  {c.customersRedeemed > 0 ? (
                    <div className="hint">{t('COUPON_BY_CUSTOMERS', { count: c.customersRedeemed })}</div>
                  ) : null}
                </td>
                <td>{t(`COUPON_STATUS_${c.status}`)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
