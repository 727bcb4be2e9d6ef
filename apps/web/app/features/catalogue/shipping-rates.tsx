import { minorDigits } from '@shop/contracts/money'
import type { ShippingZone } from '@shop/contracts/shipping'
import { useState } from 'react'
import { formatMoney } from '../../lib/format.ts'
import { useShop, useT } from '../../lib/shop.ts'
import { Modal } from '../../ui/modal.tsx'

/** Behaviour notes: the link shows only if some zone has methods; the dialog lists zones, countries and tiers. */
export function ShippingRates({ zones }: { zones: ShippingZone[] }) {
  const t = useT()
  const { language } = useShop()
  const [open, setOpen] = useState(false)
  const served = zones.filter((z) => z.methods.length > 0)
  if (served.length === 0) return null
  const countries = new Intl.DisplayNames([language], { type: 'region' })
  const money = (amount: number, currency: string) => formatMoney(amount, currency, language)
  return (
    <>
      <button
        type="button"
        className="button button--link product__rates"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('SHIPPING_RATES')}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('SHIPPING_RATES')} closeLabel={t('CLOSE')}>
        <p className="hint">{t('SHIPPING_RATES_INTRO')}</p>
        {served.map((zone) => (
          <section key={zone.id} className="rates__zone">
            <h3>{zone.name}</h3>
            <p>
              {t('SHIPS_TO')}:{' '}
              {zone.shipTo.map((c) => countries.of(c.countryCode) ?? c.countryCode).join(', ')}
            </p>
            {zone.methods.map((method) => (
              <table key={method.id} className="rates__table">
                <caption>{method.name}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('ORDER_VALUE')}</th>
                    <th scope="col">{t('SHIPPING_COST')}</th>
                  </tr>
                </thead>
                <tbody>
                  {method.fees.map((tier, i) => {
                    const next = method.fees[i + 1]
                    const { currency } = tier.minOrderValue
                    const from = money(tier.minOrderValue.amount, currency)
                    const step = 10 ** -minorDigits(currency)
                    return (
                      <tr key={tier.minOrderValue.amount}>
                        <td>
                          {next
                            ? t('ORDER_VALUE_RANGE', {
                                from,
                                to: money(next.minOrderValue.amount - step, currency),
                              })
                            : t('ORDER_VALUE_FROM', { from })}
                        </td>
                        <td>
                          {tier.cost.amount === 0 ? t('FREE') : money(tier.cost.amount, tier.cost.currency)}
                        </td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            ))}
          </section>
        ))}
      </Modal>
    </>
  )
}
