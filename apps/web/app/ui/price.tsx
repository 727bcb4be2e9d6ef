import type { Price, PriceRange } from '@shop/contracts/price'
import { formatCodeAmount, formatMoney, isOnSale } from '../lib/format.ts'
import { useT } from '../lib/shop.ts'

type Style = 'code' | 'symbol'

function Amount({ price, style, language }: { price: Price; style: Style; language: string }) {
  const t = useT()
  const format = (amount: number) =>
    style === 'code'
      ? formatCodeAmount(amount, price.currency, language)
      : formatMoney(amount, price.currency, language)
  if (!isOnSale(price)) return <span className="price__amount">{format(price.effectiveAmount)}</span>
  return (
    <span className="price__sale">
      <span className="visually-hidden">{t('SALE_PRICE')} </span>
      <span className="price__amount price__amount--sale">{format(price.effectiveAmount)}</span>{' '}
      <span className="visually-hidden">{t('ORIGINAL_PRICE')} </span>
      <s className="price__original">{format(price.originalAmount)}</s>
    </span>
  )
}

function UnitLine({ price }: { price: Price }) {
  if (!price.measurementUnit) return null
  return (
    <span className="price__unit">
      / {price.measurementUnit.quantity} {price.measurementUnit.unitCode}
    </span>
  )
}

/** A product's price: one price, or a "from – to" range for variant products; sale originals struck through. */
export function ProductPrice({
  prices,
  range,
  style,
  language,
}: {
  prices?: Price[]
  range?: PriceRange
  style: Style
  language: string
}) {
  const t = useT()
  const single = range ? (range.singlePrice ? range.minPrice : undefined) : prices?.[0]
  if (single) {
    return (
      <span className="price">
        <Amount price={single} style={style} language={language} />
        <UnitLine price={single} />
      </span>
    )
  }
  if (range) {
    const sameUnit =
      range.minPrice.measurementUnit &&
      range.minPrice.measurementUnit.unitCode === range.maxPrice.measurementUnit?.unitCode &&
      range.minPrice.measurementUnit.quantity === range.maxPrice.measurementUnit?.quantity
    return (
      <span className="price price--range">
        <Amount price={range.minPrice} style={style} language={language} />
        {' – '}
        <Amount price={range.maxPrice} style={style} language={language} />
        {sameUnit ? <UnitLine price={range.minPrice} /> : null}
      </span>
    )
  }
  return <span className="price price--none">{t('NO_PRICE')}</span>
}
