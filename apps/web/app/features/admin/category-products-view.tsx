import type { StaffCategoryProducts } from '@shop/contracts/backoffice-categories'
import { Form, Link } from 'react-router'
import { adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'

/** A category's products in the order shoppers see them, each with move up, move down and remove. */
export function CategoryProductsView({
  products,
  pages,
  name,
  language,
}: {
  products: StaffCategoryProducts
  pages: number
  name: string
  language: Language
}) {
  const t = adminTranslator(language)
  const last = products.total - 1
  return (
    <section aria-labelledby="category-products" className="admin-section">
      <h2 id="category-products">{t('PRODUCTS_OF', { name })}</h2>
      <p>{t('CATEGORY_PRODUCT_COUNT', { count: products.total })}</p>
      {products.items.length === 0 ? (
        <p>{t('NO_CATEGORY_PRODUCTS')}</p>
      ) : (
        <ol className="admin-order">
          {products.items.map((p) => (
            <li key={p.id}>
              <span>{t('PRODUCT_POSITION', { position: p.position + 1 })}</span>
              <Link to={`/admin/products/${encodeURIComponent(p.id)}`}>{p.name}</Link>
              <span>
                {p.sku} · {p.published ? t('PUBLISHED') : t('DRAFT')}
              </span>
              <span className="admin-tree__actions">
                <Move
                  id={p.id}
                  position={p.position - 1}
                  disabled={p.position === 0}
                  label={t('MOVE_UP_NAMED', { name: p.name })}
                >
                  {t('MOVE_UP')}
                </Move>
                <Move
                  id={p.id}
                  position={p.position + 1}
                  disabled={p.position === last}
                  label={t('MOVE_DOWN_NAMED', { name: p.name })}
                >
                  {t('MOVE_DOWN')}
                </Move>
                <Form method="post" className="admin-inline-form">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="productId" value={p.id} />
                  <button type="submit" className="button" aria-label={t('REMOVE_NAMED', { name: p.name })}>
                    {t('REMOVE')}
                  </button>
                </Form>
              </span>
            </li>
          ))}
        </ol>
      )}
      {pages > 1 ? (
        <nav aria-label={t('PAGING')} className="admin-pager">
          {products.page > 1 ? <Link to={`?page=${products.page - 1}`}>{t('PREVIOUS')}</Link> : null}
          <span>{t('PAGE_OF', { page: products.page, pages })}</span>
          {products.page < pages ? <Link to={`?page=${products.page + 1}`}>{t('NEXT')}</Link> : null}
        </nav>
      ) : null}
    </section>
  )
}

function Move({
  id,
  position,
  disabled,
  label,
  children,
}: {
  id: string
  position: number
  disabled: boolean
  label: string
  children: React.ReactNode
}) {
  return (
    <Form method="post" className="admin-inline-form">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="productId" value={id} />
      <input type="hidden" name="position" value={position} />
      <button type="submit" className="button" disabled={disabled} aria-label={label}>
        {children}
      </button>
    </Form>
  )
}
