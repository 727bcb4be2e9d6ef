import {
  SITE_CURRENCIES,
  SITE_LANGUAGES,
  type StaffNewSiteValues,
  type StaffSite,
  type StaffSites,
  type StaffSiteValues,
} from '@shop/contracts/backoffice-sites'
import type { ErrorDetail } from '@shop/contracts/errors'
import { invalidate } from '../../platform/cache/versions.ts'
import type { Db } from '../../platform/db/database.ts'
import type { SiteRow } from '../../platform/db/schema.ts'
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts'
import { TAXABLE_COUNTRIES } from '../calculation/tax.rules.ts'
import { storedTaxOf } from './site.mapper.ts'
import { defaultSiteOf } from './site.service.ts'
import * as repo from './staff-site.repository.ts'
import { siteProblems, staffTaxOf, storedTaxFrom } from './staff-site.rules.ts'

/**
 * The site module's write path for the owner (docs/decisions/0067-staff-sites-and-tax.md). Every write takes the
 * caller's transaction and bumps the `settings` cache version in it first: the storefront's site answers and kept
 * pages are old from the commit on, in every process, and the cart's estimate and the checkout read the site's
 * tax at each call; on PostgreSQL the locked version row makes settings writes queue, so two owners cannot both
 * leave the shop without its default site.
 */
const lockSettings = (db: Db) => invalidate(db, 'settings')

function refuse(problems: ErrorDetail[]) {
  if (problems.length > 0) throw badRequest('validation_failed', 'The request is not valid', problems)
}

/** The default site as shoppers get it: among the active ones, the flagged, else `default`, else the first. */
const defaultCodeOf = (rows: SiteRow[]) => defaultSiteOf(rows.filter((r) => r.active === 1))?.code

async function viewOf(db: Db, row: SiteRow, defaultCode: string | undefined): Promise<StaffSite> {
  return {
    code: row.code,
    name: row.name,
    position: row.position,
    active: row.active === 1,
    default: row.code === defaultCode,
    currency: row.currency,
    languages: JSON.parse(row.languages) as string[],
    defaultLanguage: row.default_language,
    tax: staffTaxOf(storedTaxOf(row.tax)),
    payment: (JSON.parse(row.payment || '{}') as { id?: string }).id ?? '',
    currencyLocked: await repo.currencyInUse(db, row.code),
  }
}

async function readView(db: Db, code: string): Promise<StaffSite> {
  const rows = await repo.allSites(db)
  const row = rows.find((r) => r.code === code)
  if (!row) throw notFound('Site', code)
  return viewOf(db, row, defaultCodeOf(rows))
}

/** Every site with what the form offers: currencies, languages, the configured payment providers. */
export async function listStaffSites(db: Db, payments: readonly string[]): Promise<StaffSites> {
  const rows = await repo.allSites(db)
  const defaultCode = defaultCodeOf(rows)
  const sites: StaffSite[] = []
  for (const row of rows) sites.push(await viewOf(db, row, defaultCode))
  return {
    sites,
    currencies: [...SITE_CURRENCIES],
    languages: [...SITE_LANGUAGES],
    payments: [...payments],
    taxableCountries: [...TAXABLE_COUNTRIES],
  }
}

const columnsOf = (input: StaffSiteValues) => ({
  name: input.name.trim(),
  active: input.active ? 1 : 0,
  default_language: input.defaultLanguage,
  languages: JSON.stringify(input.languages),
  currency: input.currency,
  tax: JSON.stringify(storedTaxFrom(input.tax)),
  payment: JSON.stringify({ id: input.payment }),
})

/** What the audit log keeps of a site: what the owner sets. */
export const auditedSite = ({ currencyLocked: _, position: __, ...site }: StaffSite) => site

export async function createStaffSite(db: Db, input: StaffNewSiteValues, payments: readonly string[]) {
  await lockSettings(db)
  const rows = await repo.allSites(db)
  if (rows.some((r) => r.code === input.code)) {
    throw conflict('site_exists', `A site ${input.code} exists`, [
      { field: 'body.code', type: 'site_exists', message: 'another site has this code' },
    ])
  }
  refuse(siteProblems(input, { taxableCountries: TAXABLE_COUNTRIES, payments }))
  const position = Math.max(-1, ...rows.map((r) => r.position)) + 1
  await repo.insertSite(db, {
    code: input.code,
    position,
    is_default: input.default ? 1 : 0,
    mixins: JSON.stringify({}),
    ...columnsOf(input),
  })
  if (input.default) await repo.clearDefaultExcept(db, input.code)
  return readView(db, input.code)
}

export async function updateStaffSite(
  db: Db,
  code: string,
  input: StaffSiteValues,
  payments: readonly string[],
) {
  await lockSettings(db)
  const rows = await repo.allSites(db)
  const row = rows.find((r) => r.code === code)
  if (!row) throw notFound('Site', code)
  const before = await viewOf(db, row, defaultCodeOf(rows))
  refuse(
    siteProblems(input, {
      taxableCountries: TAXABLE_COUNTRIES,
      payments,
      storedLabel: storedTaxOf(row.tax).label,
    }),
  )
  if (before.default && !input.default) {
    throw conflict('default_site_required', 'The shop needs a default site', [
      {
        field: 'body.default',
        type: 'default_site_required',
        message: 'make another site the default first',
      },
    ])
  }
  if (input.currency !== row.currency && before.currencyLocked) {
    throw conflict('currency_locked', `Carts, orders or fees of site ${code} are in ${row.currency}`, [
      { field: 'body.currency', type: 'currency_locked', message: `stays ${row.currency}` },
    ])
  }
  await repo.updateSite(db, code, { ...columnsOf(input), is_default: input.default ? 1 : 0 })
  if (input.default) await repo.clearDefaultExcept(db, code)
  return { before, after: await readView(db, code) }
}
