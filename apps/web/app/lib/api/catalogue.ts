import { catalogueApi } from '@shop/contracts/catalogue'
import { priceApi } from '@shop/contracts/price'
import { siteApi } from '@shop/contracts/site'
import type { Transport } from './transport.ts'

export interface ProductListParams {
  pageNumber?: number
  pageSize?: number
  q?: string
  sort?: string
  expand?: string
  /** The last product of the previous page (keyset paging). */
  after?: string
}

/** Sites, categories, products and prices. */
export function catalogueCalls({ call, page }: Transport) {
  return {
    sites: () => call(siteApi.sites),
    site: (code: string) =>
      call(siteApi.site, { params: { code }, query: { expand: 'payment:active,tax:active,mixin:*' } }),

    categoryTree: () =>
      call(catalogueApi.categories, { query: { expand: 'subcategories', toplevel: 'true' } }),
    /** One category; `slugs` adds its URL name in every language (the page's hreflang links). */
    category: (categoryId: string, options: { slugs?: boolean } = {}) =>
      call(catalogueApi.category, {
        params: { id: categoryId },
        query: options.slugs ? { expand: 'slugs' } : {},
      }),
    products: (params: ProductListParams) => page(catalogueApi.products, { query: params }),
    /** One product with its prices and its URL name in every language (the page's hreflang links). */
    product: (productId: string) =>
      call(catalogueApi.product, { params: { productId }, query: { expand: 'prices,slugs' } }),
    /** The product's variants (the call takes no query; an `expand` sent before was ignored). */
    variants: (productId: string) => call(catalogueApi.variants, { params: { productId } }),
    prices: (currency: string, productIds: string[]) =>
      call(priceApi.prices, { query: { currency, productId: productIds.join(',') } }),
  }
}
