import { randomUUID } from 'node:crypto'
import type {
  StaffShipping,
  StaffShippingMethod,
  StaffShippingMethodInput,
  StaffShippingZone,
  StaffShippingZoneInput,
} from '@shop/contracts/backoffice-shipping'
import type { ErrorDetail } from '@shop/contracts/errors'
import { invalidate } from '../../platform/cache/versions.ts'
import type { Db } from '../../platform/db/database.ts'
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts'
import * as repo from './staff-shipping.repository.ts'
import {
  countriesInOtherZones,
  duplicateCountries,
  moveTo,
  nameProblems,
  tierProblems,
} from './staff-shipping.rules.ts'

/**
 * The shipping module's write path for the owner (docs/decisions/0062-staff-shipping.md). Every write takes the
 * caller's transaction and bumps the `settings` cache version in it first: the storefront's kept pages and
 * shipping answers are old from the commit on, in every process, and on PostgreSQL the locked version row makes
 * settings writes queue, so two zones cannot both take a country (SQLite runs one writer at a time anyway).
 */
const lockSettings = (db: Db) => invalidate(db, 'settings')

type Site = { code: string; languages: string[]; defaultLanguage: string; currency: string }

async function siteOf(db: Db, code: string): Promise<Site> {
  const row = await repo.findSite(db, code)
  if (!row) throw notFound('Site', code)
  return {
    code: row.code,
    languages: JSON.parse(row.languages) as string[],
    defaultLanguage: row.default_language,
    currency: row.currency,
  }
}

const parseCountries = (json: string) => JSON.parse(json) as string[]

/** The names of a method as the owner edits them: the default language's from `name` when `names` lacks it. */
function methodView(row: repo.MethodRow, defaultLanguage: string): StaffShippingMethod {
  const names = JSON.parse(row.names) as Record<string, string>
  return {
    id: row.id,
    zoneId: row.zone_id,
    names: names[defaultLanguage] ? names : { ...names, [defaultLanguage]: row.name },
    currency: row.currency,
    fees: JSON.parse(row.fees) as StaffShippingMethod['fees'],
    active: row.active === 1,
    position: row.position,
  }
}

function zoneView(zone: repo.ZoneRow, methods: repo.MethodRow[], site: Site): StaffShippingZone {
  return {
    id: zone.id,
    site: zone.site_code,
    name: zone.name,
    countries: parseCountries(zone.ship_to),
    position: zone.position,
    methods: methods
      .filter((m) => m.zone_id === zone.id)
      .map((m, index) => ({ ...methodView(m, site.defaultLanguage), position: index })),
  }
}

export async function readStaffShipping(db: Db, code: string): Promise<StaffShipping> {
  const site = await siteOf(db, code)
  const zones = await repo.findSiteZones(db, code)
  const methods = await repo.findZoneMethods(
    db,
    zones.map((z) => z.id),
  )
  return {
    site: site.code,
    languages: site.languages,
    defaultLanguage: site.defaultLanguage,
    currency: site.currency,
    zones: zones.map((zone, index) => ({ ...zoneView(zone, methods, site), position: index })),
  }
}

async function readZone(db: Db, zoneId: string) {
  const zone = await repo.findZone(db, zoneId)
  if (!zone) throw notFound('Shipping zone', zoneId)
  const site = await siteOf(db, zone.site_code)
  return { zone, site, view: zoneView(zone, await repo.findZoneMethods(db, [zoneId]), site) }
}

function refuse(problems: ErrorDetail[]) {
  if (problems.length > 0) throw badRequest('validation_failed', 'The request is not valid', problems)
}

async function checkCountries(db: Db, site: Site, input: StaffShippingZoneInput, zoneId?: string) {
  refuse(duplicateCountries(input.countries))
  const others = (await repo.findSiteZones(db, site.code))
    .filter((z) => z.id !== zoneId)
    .map((z) => ({ id: z.id, name: z.name, countries: parseCountries(z.ship_to) }))
  const taken = countriesInOtherZones(input.countries, others)
  if (taken.length > 0)
    throw conflict('country_in_other_zone', 'Another zone of the site ships to this country', taken)
}

export async function createStaffZone(db: Db, code: string, input: StaffShippingZoneInput) {
  await lockSettings(db)
  const site = await siteOf(db, code)
  await checkCountries(db, site, input)
  const id = randomUUID()
  await repo.insertZone(db, { id, siteCode: code, name: input.name, countries: input.countries })
  return (await readZone(db, id)).view
}

const zoneFields = (zone: StaffShippingZone) => ({ name: zone.name, countries: zone.countries })

export async function updateStaffZone(db: Db, zoneId: string, input: StaffShippingZoneInput) {
  await lockSettings(db)
  const { site, view: before } = await readZone(db, zoneId)
  await checkCountries(db, site, input, zoneId)
  await repo.updateZone(db, zoneId, input)
  const after = (await readZone(db, zoneId)).view
  return { before: zoneFields(before), after: zoneFields(after), zone: after }
}

/** The zone with its methods, as they were (for the audit log). */
export async function deleteStaffZone(db: Db, zoneId: string) {
  await lockSettings(db)
  const { view: before } = await readZone(db, zoneId)
  await repo.deleteZone(db, zoneId)
  return { before }
}

function methodValues(site: Site, input: StaffShippingMethodInput): repo.MethodValues {
  refuse([...nameProblems(input.names, site.languages), ...tierProblems(input.fees)])
  const names = Object.fromEntries(
    site.languages.map((language) => [language, input.names[language]!.trim()]),
  )
  return {
    name: names[site.defaultLanguage] ?? Object.values(names)[0] ?? '',
    names,
    active: input.active ?? true,
    currency: site.currency,
    fees: input.fees,
  }
}

/** The zone's methods numbered 0..n-1, `methodId` (when given) moved to `position` (left out: kept in place). */
async function placeMethod(db: Db, zoneId: string, methodId?: string, position?: number) {
  const methods = await repo.findZoneMethods(db, [zoneId])
  const ids = methods.map((m) => m.id)
  const order = methodId ? moveTo(ids, methodId, position ?? ids.indexOf(methodId)) : ids
  const byId = new Map(methods.map((m) => [m.id, m]))
  await repo.renumberMethods(
    db,
    order.map((id) => ({ id, position: byId.get(id)?.position ?? -1 })),
  )
}

async function readMethod(db: Db, zoneId: string, methodId: string) {
  const { view } = await readZone(db, zoneId)
  const method = view.methods.find((m) => m.id === methodId)
  if (!method) throw notFound('Shipping method', methodId)
  return method
}

export async function createStaffMethod(db: Db, zoneId: string, input: StaffShippingMethodInput) {
  await lockSettings(db)
  const { site, view } = await readZone(db, zoneId)
  const values = methodValues(site, input)
  const id = randomUUID()
  await repo.insertMethod(db, id, zoneId, values, view.methods.length)
  await placeMethod(db, zoneId, id, input.position ?? view.methods.length)
  return readMethod(db, zoneId, id)
}

export async function updateStaffMethod(
  db: Db,
  zoneId: string,
  methodId: string,
  input: StaffShippingMethodInput,
) {
  await lockSettings(db)
  const { site } = await readZone(db, zoneId)
  const before = await readMethod(db, zoneId, methodId)
  await repo.updateMethod(db, methodId, methodValues(site, input))
  await placeMethod(db, zoneId, methodId, input.position)
  return { before, after: await readMethod(db, zoneId, methodId) }
}

export async function deleteStaffMethod(db: Db, zoneId: string, methodId: string) {
  await lockSettings(db)
  const before = await readMethod(db, zoneId, methodId)
  await repo.deleteMethod(db, methodId)
  await placeMethod(db, zoneId)
  return { before }
}
