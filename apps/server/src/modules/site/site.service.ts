import { CurrencySchema } from '@shop/contracts/common'
import type { Site, SiteConfiguration } from '@shop/contracts/site'
import { keptRead } from '../../platform/cache/kept-read.ts'
import { invalidate } from '../../platform/cache/versions.ts'
import type { Db } from '../../platform/db/database.ts'
import type { SiteRow } from '../../platform/db/schema.ts'
import { pickLanguage } from '../../platform/http/accept-language.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { badRequest, notFound } from '../../platform/http/errors.ts'
import type { SiteTax } from '../calculation/tax.rules.ts'
import { paymentsOf } from '../payment/payment.service.ts'
import { readShopSettings } from './shop-settings.service.ts'
import { parseSiteExpand, storedTaxOf, toSite } from './site.mapper.ts'
import { findSite, hasAnySite, insertSiteIfAbsent, listActiveSites } from './site.repository.ts'

/** Spec §9: the default site code, language and (without any site) currency. */
export const DEFAULT_SITE_CODE = 'default'
export const DEFAULT_LANGUAGE = 'en'
const FALLBACK_CURRENCY = 'USD'

/** Search settings answered by the configuration call; the search itself is served by this shop. */
export const SEARCH_CONFIGURATION: SiteConfiguration = {
  active: true,
  indexName: 'products',
  applicationId: 'shop',
  searchKey: 'public',
}

/**
 * The active sites, kept while the settings stay (docs/decisions/0088): every page and every call that resolves
 * its locale reads them, and every write to a site bumps `settings`.
 */
const keptActiveSites = keptRead('settings', (db) => listActiveSites(db))
const activeSites = (db: Db) => keptActiveSites(db, '')

/** The flagged site, else the one coded `default`, else the first active one. */
export function defaultSiteOf(rows: SiteRow[]): SiteRow | undefined {
  return rows.find((r) => r.is_default === 1) ?? rows.find((r) => r.code === DEFAULT_SITE_CODE) ?? rows[0]
}

export async function listSites(ctx: AppContext, expand?: string): Promise<Site[]> {
  const rows = await activeSites(ctx.db)
  const fallback = defaultSiteOf(rows)
  const parts = parseSiteExpand(expand)
  const settings = parts.mixins ? await readShopSettings(ctx.db) : undefined
  return rows.map((row) => toSite(row, row === fallback, parts, paymentOf(ctx), settings))
}

export async function getSite(ctx: AppContext, code: string, expand?: string): Promise<Site> {
  const rows = await activeSites(ctx.db)
  const row = rows.find((r) => r.code === code)
  if (!row) throw notFound('Site', code)
  const parts = parseSiteExpand(expand)
  const settings = parts.mixins ? await readShopSettings(ctx.db) : undefined
  return toSite(row, row === defaultSiteOf(rows), parts, paymentOf(ctx), settings)
}

/** The payment providers a site may take payments with: the one the shop is configured with (ADR 0009). */
export const paymentChoices = (ctx: Pick<AppContext, 'config'>): string[] => [paymentsOf(ctx).info.id]

/** The payment provider every site takes payments with: Stripe's publishable key, or the test card provider. */
function paymentOf(ctx: AppContext) {
  const info = paymentsOf(ctx).info
  return { id: info.id, publicKey: info.id === 'stripe' ? info.publishableKey : info.id }
}

export interface LocaleHeaders {
  'accept-language'?: string | string[]
  currency?: string | string[]
  'site-code'?: string | string[]
}

/** What a request reads and prices in: its site, language and currency. */
export interface RequestLocale {
  siteCode: string
  language: string
  currency: string
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

/**
 * Site from the site-code header (unknown or missing: the default site); language from accept-language
 * among the site's languages (else en); currency from the call's own parameter, else the currency
 * header, else the site's.
 */
export async function resolveLocale(
  ctx: AppContext,
  headers: LocaleHeaders,
  currencyParam?: string,
): Promise<RequestLocale> {
  const rows = await activeSites(ctx.db)
  const code = first(headers['site-code'])
  const site = rows.find((r) => r.code === code) ?? defaultSiteOf(rows)
  const languages = site ? (JSON.parse(site.languages) as string[]) : [DEFAULT_LANGUAGE]
  const language = pickLanguage(first(headers['accept-language']), languages) ?? DEFAULT_LANGUAGE
  const currency =
    currencyParam ?? headerCurrency(first(headers.currency)) ?? site?.currency ?? FALLBACK_CURRENCY
  return { siteCode: site?.code ?? DEFAULT_SITE_CODE, language, currency }
}

function headerCurrency(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined
  if (!CurrencySchema.safeParse(value).success) {
    throw badRequest('validation_failed', 'The request is not valid', [
      { field: 'headers.currency', type: 'invalid', message: 'an ISO 4217 currency code' },
    ])
  }
  return value
}

/** What a site's currency, languages and tax mean for prices. */
export interface SiteTerms {
  code: string
  currency: string
  languages: string[]
  defaultLanguage: string
  /** A flat rate, or (added tax only) rates per taxable destination country: `taxFor` picks the one that applies. */
  tax: SiteTax & { id: string; label: string }
}

/** A site's terms (null: no such site), kept while the settings stay (docs/decisions/0088). */
export const siteTerms = (ctx: Pick<AppContext, 'db'>, code: string): Promise<SiteTerms | null> =>
  keptSiteTerms(ctx.db, code)

const keptSiteTerms = keptRead('settings', async (db, code): Promise<SiteTerms | null> => {
  const row = await findSite(db, code)
  if (!row) return null
  const tax = storedTaxOf(row.tax)
  return {
    code: row.code,
    currency: row.currency,
    languages: JSON.parse(row.languages) as string[],
    defaultLanguage: row.default_language,
    tax: {
      id: tax.id,
      label: tax.label,
      rateBasisPoints: tax.rate,
      included: tax.included,
      ...(tax.countries ? { countryRates: tax.countries } : {}),
    },
  }
})

/** The first language of an Accept-Language header that the site offers, else the site's default. */
export const languageOf = (site: SiteTerms, acceptLanguage: string | undefined): string =>
  pickLanguage(acceptLanguage, site.languages) ?? site.defaultLanguage

/**
 * An empty shop started without the demo gets one site (README "Starting an empty shop"): code `default`, the
 * name, languages and currency of SHOP_NAME, SHOP_LANGUAGES and SHOP_CURRENCY, no tax until the owner sets
 * one, no home page content (the home then shows all products, spec §2). A shop with any site is left alone.
 */
export async function ensureStarterSite(
  db: Db,
  starter: { name: string; languages: string[]; currency: string },
): Promise<void> {
  if (await hasAnySite(db)) return
  await db.transaction().execute(async (trx) => {
    await insertSiteIfAbsent(trx, {
      code: DEFAULT_SITE_CODE,
      name: starter.name,
      position: 0,
      is_default: 1,
      active: 1,
      default_language: starter.languages[0] ?? DEFAULT_LANGUAGE,
      languages: JSON.stringify(starter.languages),
      currency: starter.currency,
      tax: JSON.stringify({ id: 'FLATRATE', label: '', rate: 0, included: true }),
      payment: JSON.stringify({ id: 'test-card', publicKey: 'pk_test_shop' }),
      mixins: JSON.stringify({}),
    })
    await invalidate(trx, 'settings')
  })
}
