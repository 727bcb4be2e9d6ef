import { SEARCH_PRODUCTS } from '@shop/contracts/routes'
import { route } from './route.ts'
import type { Transport } from './transport.ts'

/** The live search box calls it on every page: by method and path, its contract loaded only to check answers. */
const products = route(
  () => import('@shop/contracts/search').then((m) => m.searchApi.products),
  SEARCH_PRODUCTS,
)

export interface SearchParams {
  q: string
  hitsPerPage?: number
  page?: number
  language?: string
  category?: string
  priceMin?: number
  priceMax?: number
  inStock?: 'true' | 'false'
}

/** Product search (spec §7: the hosted-search-index query, answered by this shop). */
export function searchCalls({ call }: Transport) {
  return {
    searchProducts: (params: SearchParams) => call(products, { query: params }),
  }
}
