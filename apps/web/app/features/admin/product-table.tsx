import type { StaffProductRow } from '@shop/contracts/backoffice'
import { toAmount } from '@shop/contracts/money'
import { Link } from 'react-router'
import { type AdminKey, adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { formatMoney } from '../../lib/format.ts'

type Sort = 'name' | 'sku' | 'price' | 'stock' | 'created'
interface View {
  q: string
  sort: Sort
  order: 'asc' | 'desc'
  page: number
}

const COLUMNS: Array<[Sort | null, AdminKey]> = [
  ['name', 'COL_NAME'],
  ['sku', 'COL_SKU'],
  [null, 'COL_STATUS'],
  ['price', 'COL_PRICE'],
  ['stock', 'COL_STOCK'],
  [null, 'COL_CATEGORY'],
  ['created', 'COL_CREATED'],
]

/** The product list as a table; sortable columns are links (aria-sort says the current order). */
export function ProductTable({
  items,
  view,
  href,
  currencies,
  language,
}: {
  items: StaffProductRow[]
  view: View
  href: (change: Partial<View>) => string
  currencies: string[]
  language: Language
}) {
  const t = adminTranslator(language)
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            {COLUMNS.map(([sort, key]) => {
              const current = sort !== null && view.sort === sort
              return (
                <th
                  key={key}
                  scope="col"
                  aria-sort={current ? (view.order === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {sort ? (
                    <Link
                      to={href({ sort, order: current && view.order === 'asc' ? 'desc' : 'asc', page: 1 })}
                      aria-label={`${t('SORT_BY', { column: t(key) })}${current ? `, ${t(view.order === 'asc' ? 'SORTED_ASC' : 'SORTED_DESC')}` : ''}`}
                    >
                      {t(key)}
                      {current ? (view.order === 'asc' ? ' ▲' : ' ▼') : ''}
                    </Link>
                  ) : (
                    t(key)
                  )}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {items.map((p) => (
            <tr key={p.id}>
              <td>
                <Link to={`/admin/products/${encodeURIComponent(p.id)}`}>{p.name}</Link>
              </td>
              <td>{p.sku}</td>
              <td>{p.published ? t('PUBLISHED') : t('DRAFT')}</td>
              <td>
                {currencies
                  .flatMap((c) => p.prices.filter((x) => x.currency === c))
                  .map((x) => formatMoney(toAmount(x.effectiveMinor, x.currency), x.currency, language))
                  .join(' · ')}
              </td>
              <td>{p.stock}</td>
              <td>{p.category?.name ?? ''}</td>
              <td>{p.created.slice(0, 10)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
