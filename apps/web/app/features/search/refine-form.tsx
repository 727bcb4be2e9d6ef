import type { Category } from '@shop/contracts/catalogue'
import { Form, Link } from 'react-router'
import { useShop, useT } from '../../lib/shop.ts'
import { searchPath } from './search-path.ts'

/** The search page's refinements (URL parameters). */
export interface Refine {
  category?: string
  priceMin?: number
  priceMax?: number
  inStock?: boolean
}

function flatten(categories: Category[], depth = 0): Array<{ id: string; name: string; depth: number }> {
  return categories.flatMap((c) => [
    { id: c.id, name: c.name, depth },
    ...flatten(c.subcategories ?? [], depth + 1),
  ])
}

/** The refine form: sort, category and price range, sent as a GET of the search page. */
export function RefineForm({ query, refine }: { query: string; refine: Refine }) {
  const t = useT()
  const { categories, site } = useShop()
  const options = flatten(categories)
  return (
    <Form method="get" className="search-page__refine" aria-label={t('SEARCH_REFINE')}>
      <h2>{t('SEARCH_REFINE')}</h2>
      <label className="field">
        <span className="field__label">{t('SEARCH_SORT')}</span>
        <select name="sort" defaultValue="relevance">
          <option value="relevance">{t('SEARCH_SORT_RELEVANCE')}</option>
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t('SEARCH_CATEGORY')}</span>
        <select name="category" defaultValue={refine.category ?? ''} key={refine.category ?? ''}>
          <option value="">{t('SEARCH_ANY_CATEGORY')}</option>
          {options.map((c) => (
            <option key={c.id} value={c.id}>
              {`${'\u00a0\u00a0'.repeat(c.depth)}${c.name}`}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t('SEARCH_PRICE_MIN', { currency: site.currency })}</span>
        <input
          className="input"
          type="number"
          name="priceMin"
          min={0}
          step="any"
          inputMode="decimal"
          defaultValue={refine.priceMin ?? ''}
          key={`min${refine.priceMin ?? ''}`}
        />
      </label>
      <label className="field">
        <span className="field__label">{t('SEARCH_PRICE_MAX', { currency: site.currency })}</span>
        <input
          className="input"
          type="number"
          name="priceMax"
          min={0}
          step="any"
          inputMode="decimal"
          defaultValue={refine.priceMax ?? ''}
          key={`max${refine.priceMax ?? ''}`}
        />
      </label>
      <label className="search-page__check">
        <input
          type="checkbox"
          name="inStock"
          value="true"
          defaultChecked={refine.inStock ?? false}
          key={`stock${refine.inStock ?? ''}`}
        />
        <span>{t('SEARCH_IN_STOCK')}</span>
      </label>
      <div className="search-page__actions">
        <button type="submit" className="button button--primary">
          {t('SEARCH_APPLY')}
        </button>
        <Link to={searchPath(query)} className="button button--secondary">
          {t('SEARCH_RESET')}
        </Link>
      </div>
    </Form>
  )
}
