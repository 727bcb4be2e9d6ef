import type { Site } from '@shop/contracts/site'
import type { SiteRow } from '../../platform/db/schema.ts'
import type { StoredShopSettings } from './shop-settings.rules.ts'

export interface SiteExpand {
  payment: boolean
  tax: boolean
  mixins: boolean
}

export function parseSiteExpand(expand: string | undefined): SiteExpand {
  const parts = new Set((expand ?? '').split(','))
  return { payment: parts.has('payment:active'), tax: parts.has('tax:active'), mixins: parts.has('mixin:*') }
}

/** A site's tax as stored (`sites.tax`): a flat rate, or (id PER_COUNTRY) rates per destination country. */
export interface StoredTax {
  id: string
  label: string
  /** basis points: 825 is 8.25 % */
  rate: number
  included: boolean
  /** basis points per taxable destination country (docs/decisions/0067-staff-sites-and-tax.md) */
  countries?: Record<string, number>
}

/** The stored JSON holds one entry or a list of entries; the API always answers a list. */
function entries(json: string): Array<Partial<StoredTax>> {
  const parsed: unknown = JSON.parse(json)
  if (Array.isArray(parsed)) return parsed as Array<Partial<StoredTax>>
  return parsed && typeof parsed === 'object' ? [parsed as Partial<StoredTax>] : []
}

const complete = (t: Partial<StoredTax>): StoredTax => ({
  id: t.id ?? 'FLATRATE',
  label: t.label ?? '',
  rate: t.rate ?? 0,
  included: Boolean(t.included),
  ...(t.countries && !t.included ? { countries: t.countries } : {}),
})

/** The tax the site applies: its first entry (an empty list: no tax). */
export const storedTaxOf = (json: string): StoredTax => complete(entries(json)[0] ?? {})

/** The shop's settings a storefront shows on every site: its logo, icon and phone (only those the owner set). */
function settingsMixins(settings: StoredShopSettings): Site['mixins'] {
  return {
    ...(settings.logoUrl ? { storeLogoImageKey: settings.logoUrl } : {}),
    ...(settings.iconUrl ? { storeIconImageKey: settings.iconUrl } : {}),
    ...(settings.contactPhone ? { contactPhone: settings.contactPhone } : {}),
  }
}

/**
 * `payment` is the shop's configured payment provider (its id and publishable key): the key a storefront
 * tokenizes with comes from the settings, never from a value stored with the site. `settings` (read when the
 * mixins are asked for) adds the shop's logo, icon and phone to them.
 */
export function toSite(
  row: SiteRow,
  isDefault: boolean,
  expand: SiteExpand,
  payment: { id: string; publicKey: string },
  settings?: StoredShopSettings,
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
    site.tax = entries(row.tax)
      .map(complete)
      .map((t) => ({
        id: t.id,
        configuration: {
          public: {
            label: t.label,
            rate: t.countries ? 0 : t.rate / 100,
            included: t.included,
            ...(t.countries
              ? {
                  rates: Object.fromEntries(
                    Object.entries(t.countries).map(([country, rate]) => [country, rate / 100]),
                  ),
                }
              : {}),
          },
        },
      }))
  }
  if (expand.mixins) {
    site.mixins = {
      ...(JSON.parse(row.mixins) as Site['mixins']),
      ...(settings ? settingsMixins(settings) : {}),
    }
  }
  return site
}
