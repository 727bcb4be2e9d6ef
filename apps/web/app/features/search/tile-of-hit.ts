import type { SearchHit } from '@shop/contracts/search'
import type { TileProduct } from '../catalogue/product-tile.tsx'

/** A search hit as the product tile shows it (the same tile as the category pages). */
export function tileOfHit(hit: SearchHit): TileProduct {
  return {
    id: hit.objectID,
    name: hit.name,
    media: hit.image ? [{ id: hit.objectID, url: hit.image }] : [],
    prices: hit.price ? [hit.price] : undefined,
    priceRange: hit.priceRange,
    inStock: hit.inStock,
  }
}
