import type { Media } from '@shop/contracts/catalogue'
import type { Price, PriceRange } from '@shop/contracts/price'
import { Link } from 'react-router'
import { useShop, useT } from '../../lib/shop.ts'
import { productPath } from '../../lib/slug.ts'
import { Highlighted } from '../../ui/highlighted.tsx'
import { ProductPrice } from '../../ui/price.tsx'
import { mainImageUrl, ProductImage } from '../../ui/product-image.tsx'

/** What a tile shows: a catalogue product, or a search hit (`tileOfHit`). */
export interface TileProduct {
  id: string
  name: string
  media: Media[]
  prices?: Price[]
  priceRange?: PriceRange
  inStock: boolean
}

/**
 * The one product tile of every listing (category, search): image, name, price (unit price, sale with the
 * original struck through, price range) and "out of stock"; `nameRanges` marks the words a search matched.
 */
export function ProductTile({
  product,
  eager,
  priority,
  index,
  linkState,
  nameRanges,
}: {
  product: TileProduct
  eager?: boolean
  /** The first tiles of a page: their images come first (ProductImage's priority). */
  priority?: boolean
  /** Position in the list; the infinite scroll reads it to keep `?page=n` in step. */
  index?: number
  linkState?: { from: string }
  nameRanges?: Array<[number, number]>
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
          // The grid (listing.css): two columns on a phone, with the page's 16 px sides and 16 px gap.
          sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, calc(50vw - 24px)"
          eager={eager}
          priority={priority}
        />
        <h2 className="tile__name">
          <Highlighted text={product.name} ranges={nameRanges} />
        </h2>
      </Link>
      <p className="tile__price">
        <ProductPrice prices={product.prices} range={product.priceRange} style="code" language={language} />
      </p>
      {product.inStock ? null : <p className="tile__stock">{t('OUT_OF_STOCK')}</p>}
    </li>
  )
}
