import type { Cart } from '@shop/contracts/cart'
import type { Category } from '@shop/contracts/catalogue'
import { useRouteLoaderData } from 'react-router'
import { type Language, translator } from '../i18n/index.ts'

/** What every screen knows about the shop: the root loader's data, shaped for the browser. */
export interface ShopData {
  language: Language
  /** Public origin of the shop (for canonical and Open Graph URLs). */
  origin: string
  site: {
    code: string
    name: string
    currency: string
    languages: string[]
    taxLabel?: string
    taxIncluded: boolean
    /** The owner's shop settings (docs/decisions/0067); absent: the built-in logo, icon and placeholder phone. */
    logoUrl?: string
    iconUrl?: string
    contactPhone?: string
  }
  sites: Array<{ code: string; name: string; languages: string[] }>
  categories: Category[]
  cart: Cart | null
  /** The id of the request that rendered the page, shown on its error screen to quote to the shop. */
  requestId?: string
}

/** The `reason` of the 503 the session middleware throws when the sites cannot be loaded (spec §8). */
export const STORE_CONFIG_FAILURE = 'store-configuration'

/**
 * The shop's name in page titles, Open Graph and the home page's heading: the current site's name (an empty shop's
 * starter site is named by SHOP_NAME, docs/decisions/0060-starter-site.md), else the catalogue's brand.
 */
export function shopName(data: Pick<ShopData, 'site' | 'language'> | undefined): string {
  return data?.site.name.trim() || translator(data?.language ?? 'en')('SHOP_NAME')
}

export function useShop(): ShopData {
  const data = useRouteLoaderData('root') as ShopData | undefined
  if (!data) throw new Error('useShop outside the root route')
  return data
}

export function useT() {
  const data = useRouteLoaderData('root') as ShopData | undefined
  return translator(data?.language ?? 'en')
}
