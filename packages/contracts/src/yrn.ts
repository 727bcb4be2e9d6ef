/**
 * Item identifiers (spec §3): semicolon separated, the product id second and the variant id third.
 * `urn:yaas:hybris:product:product:shop;<productId>` or
 * `urn:yaas:hybris:product:product-variant:shop;<productId>;<variantId>`.
 */
const PRODUCT_PREFIX = 'urn:yaas:hybris:product:product:shop'
const VARIANT_PREFIX = 'urn:yaas:hybris:product:product-variant:shop'

export interface ItemRef {
  productId: string
  variantId: string | null
}

export function productYrn(productId: string, variantId?: string | null): string {
  return variantId ? `${VARIANT_PREFIX};${productId};${variantId}` : `${PRODUCT_PREFIX};${productId}`
}

/** The product and variant ids of an item yrn, or null when the text is not one. */
export function parseYrn(yrn: string): ItemRef | null {
  const [prefix, productId, variantId, ...rest] = yrn.split(';')
  if (rest.length > 0 || !productId) return null
  if (prefix === PRODUCT_PREFIX && variantId === undefined) return { productId, variantId: null }
  if (prefix === VARIANT_PREFIX && variantId) return { productId, variantId }
  return null
}
