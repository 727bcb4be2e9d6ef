import type { Site } from '@shop/contracts/site'
import type { SiteRow } from '../../platform/db/schema.ts'

export interface SiteExpand {
  payment: boolean
  tax: boolean
  mixins: boolean
}

export function parseSiteExpand(expand: string | undefined): SiteExpand {
  const parts = new Set((expand ?? '').split(','))
  return { payment: parts.has('payment:active'), tax: parts.has('tax:active'), mixins: parts.has('mixin:*') }
}

interface StoredTax {
  id: string
  label: string
  /** basis points: 825 is 8.25 % */
  rate: number
  included: boolean
}

/** The stored JSON holds one entry or a list of entries; the API always answers a list. */
function entries<T>(json: string): T[] {
  const parsed: unknown = JSON.parse(json)
  if (Array.isArray(parsed)) return parsed as T[]
  return parsed && typeof parsed === 'object' ? [parsed as T] : []
}

/**
 * `payment` is the shop's configured payment provider (its id and publishable key): the key a storefront
 * tokenizes with comes from the settings, never from a value stored with the site.
 */
export function toSite(
  row: SiteRow,
  isDefault: boolean,
  expand: SiteExpand,
  payment: { id: string; publicKey: string },
): Site {
  const site: Site = {
    code: row.code,
    name: row.name,
    default: isDefault,
    defaultLanguage: row.default_language,
    languages: JSON.parse(row.languages) as string[],
    currency: row.currency,
  }
  if (expand.payment) {
    site.payment = [{ id: payment.id, configuration: { public: { publicKey: payment.publicKey } } }]
  }
  if (expand.tax) {
    site.tax = entries<StoredTax>(row.tax).map((t) => ({
      id: t.id,
      configuration: { public: { label: t.label, rate: t.rate / 100, included: Boolean(t.included) } },
    }))
  }
  if (expand.mixins) site.mixins = JSON.parse(row.mixins) as Site['mixins']
  return site
}
