import type { Category, Product, Variant } from '@shop/contracts/catalogue'
import type { Price } from '@shop/contracts/price'
import type { Site } from '@shop/contracts/site'
import { id, type Page, type Transport } from './transport.ts'

export interface ProductListParams {
  pageNumber?: number
  pageSize?: number
  q?: string
  sort?: string
  expand?: string
}

/** Sites, categories, products and prices. */
export function catalogueCalls({ send, json }: Transport) {
  return {
    sites: () => json<Site[]>('GET', '/api/site/sites'),
    site: (code: string) =>
      json<Site>('GET', `/api/site/sites/${id(code)}`, {
        query: { expand: 'payment:active,tax:active,mixin:*' },
      }),

    categoryTree: () =>
      json<Category[]>('GET', '/api/catalogue/categories', {
        query: { expand: 'subcategories', toplevel: 'true' },
      }),
    /** One category; `slugs` adds its URL name in every language (the page's hreflang links). */
    category: (categoryId: string, options: { slugs?: boolean } = {}) =>
      json<Category>('GET', `/api/catalogue/categories/${id(categoryId)}`, {
        query: options.slugs ? { expand: 'slugs' } : {},
      }),
    async products(params: ProductListParams): Promise<Page<Product>> {
      const { data, headers } = await send('GET', '/api/catalogue/products', { query: { ...params } })
      const items = data as Product[]
      return { items, total: Number(headers.get('x-total-count') ?? items.length) }
    },
    /** One product with its prices and its URL name in every language (the page's hreflang links). */
    product: (productId: string) =>
      json<Product>('GET', `/api/catalogue/products/${id(productId)}`, { query: { expand: 'prices,slugs' } }),
    variants: (productId: string) =>
      json<Variant[]>('GET', `/api/catalogue/products/${id(productId)}/variants`, {
        query: { expand: 'prices' },
      }),
    prices: (currency: string, productIds: string[]) =>
      json<Price[]>('GET', '/api/price/prices', { query: { currency, productId: productIds.join(',') } }),
  }
}
