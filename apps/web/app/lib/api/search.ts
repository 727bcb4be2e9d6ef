import { searchApi } from '@shop/contracts/search'
import type { Transport } from './transport.ts'

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
    searchProducts: (params: SearchParams) => call(searchApi.products, { query: params }),
  }
}
