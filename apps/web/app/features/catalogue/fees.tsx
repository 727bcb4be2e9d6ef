import type { ItemFee } from '../../lib/api/browse.ts'
import { useShop, useT } from '../../lib/shop.ts'
import { feeText } from './fee-text.ts'

/** The fees of the active item (product or variant), sorted by name. */
export function FeesList({ fees }: { fees: ItemFee[] }) {
  const t = useT()
  const { language } = useShop()
  if (fees.length === 0) return null
  const sorted = [...fees].sort((a, b) => a.name.localeCompare(b.name))
  return (
    <section className="fees" aria-labelledby="fees-title">
      <h2 id="fees-title" className="fees__title">
        {t('FEES_TITLE')}
      </h2>
      <ul>
        {sorted.map((fee) => (
          <li key={fee.id}>
            {fee.name} <span className="fees__amount">{feeText(fee, t('FEE_EACH'), language)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
