import type { Product } from '@shop/contracts/catalogue'
import { Link } from 'react-router'
import { useShop, useT } from '../../lib/shop.ts'
import { productPath } from '../../lib/slug.ts'
import { ProductPrice } from '../../ui/price.tsx'
import { mainImageUrl, ProductImage } from '../../ui/product-image.tsx'
import './listing.css'

export function ProductTile({
  product,
  eager,
  index,
  linkState,
}: {
  product: Product
  eager?: boolean
  /** Position in the list; the infinite scroll reads it to keep `?page=n` in step. */
  index?: number
  linkState?: { from: string }
}) {
  const t = useT()
  const { language } = useShop()
  return (
    <li className="tile" data-product-id={product.id} data-index={index}>
      <Link to={productPath(product)} className="tile__link" prefetch="intent" state={linkState}>
        <ProductImage
          url={mainImageUrl(product.media)}
          alt=""
          placeholderLabel={t('PRODUCT_IMAGE_PLACEHOLDER')}
          sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
          eager={eager}
        />
        <h2 className="tile__name">{product.name}</h2>
      </Link>
      <p className="tile__price">
        <ProductPrice prices={product.prices} range={product.priceRange} style="code" language={language} />
      </p>
    </li>
  )
}
