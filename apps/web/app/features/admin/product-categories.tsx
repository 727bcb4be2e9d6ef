import { Form, Link } from 'react-router'
import { adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { SelectField } from '../../ui/form/select-field.tsx'

/**
 * The product's categories on its edit page: each links to the category's page (order, remove); a select adds
 * the product to another category (at the end), posted to the category tree's action, which comes back here.
 */
export function ProductCategories({
  productId,
  categories,
  language,
}: {
  productId: string
  categories: {
    assigned: Array<{ id: string; path: string[] }>
    options: Array<{ id: string; label: string }>
  }
  language: Language
}) {
  const t = adminTranslator(language)
  return (
    <section aria-labelledby="product-categories" className="admin-section">
      <h2 id="product-categories">{t('PRODUCT_CATEGORIES')}</h2>
      {categories.assigned.length === 0 ? (
        <p>{t('PRODUCT_IN_NO_CATEGORY')}</p>
      ) : (
        <ul>
          {categories.assigned.map((c) => (
            <li key={c.id}>
              <Link to={`/admin/categories/${encodeURIComponent(c.id)}`}>{c.path.join(' › ')}</Link>
            </li>
          ))}
        </ul>
      )}
      {categories.options.length > 0 ? (
        <Form method="post" action="/admin/categories" className="admin-search">
          <input type="hidden" name="intent" value="assign" />
          <input type="hidden" name="productId" value={productId} />
          <input type="hidden" name="returnTo" value={`/admin/products/${encodeURIComponent(productId)}`} />
          <SelectField name="categoryId" label={t('FIELD_CATEGORY')} required>
            {categories.options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </SelectField>
          <button type="submit" className="button">
            {t('ADD_TO_CATEGORY')}
          </button>
        </Form>
      ) : null}
    </section>
  )
}
