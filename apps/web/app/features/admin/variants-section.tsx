import type { StaffProduct } from '@shop/contracts/backoffice'
import { Link } from 'react-router'
import { adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'

/** The product page's way to its options, variants, unit, tax codes and fees (a page of their own). */
export function VariantsSection({ product, language }: { product: StaffProduct; language: Language }) {
  const t = adminTranslator(language)
  return (
    <section aria-labelledby="variants-heading" className="admin-section">
      <h2 id="variants-heading">{t('VARIANTS')}</h2>
      <p>{product.hasVariants ? t('VARIANTS_SUMMARY') : t('NO_VARIANTS_YET')}</p>
      <p>
        <Link className="button" to={`/admin/products/${encodeURIComponent(product.id)}/variants`}>
          {t('VARIANTS_LINK')}
        </Link>
      </p>
    </section>
  )
}
