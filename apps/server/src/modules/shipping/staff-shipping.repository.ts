import type { Db } from '../../platform/db/database.ts'

/** The SQL of the owner's shipping writes (docs/decisions/0062-staff-shipping.md); the shipping module owns both tables. */

export function findSite(db: Db, code: string) {
  return db
    .selectFrom('sites')
    .select(['code', 'languages', 'default_language', 'currency'])
    .where('code', '=', code)
    .executeTakeFirst()
}

export function findSiteZones(db: Db, siteCode: string) {
  return db
    .selectFrom('shipping_zones')
    .select(['id', 'site_code', 'name', 'ship_to', 'position'])
    .where('site_code', '=', siteCode)
    .orderBy('position')
    .orderBy('id')
    .execute()
}

export function findZone(db: Db, zoneId: string) {
  return db
    .selectFrom('shipping_zones')
    .select(['id', 'site_code', 'name', 'ship_to', 'position'])
    .where('id', '=', zoneId)
    .executeTakeFirst()
}

export function findZoneMethods(db: Db, zoneIds: readonly string[]) {
  if (zoneIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('shipping_methods')
    .select(['id', 'zone_id', 'name', 'names', 'active', 'currency', 'fees', 'position'])
    .where('zone_id', 'in', zoneIds)
    .orderBy('position')
    .orderBy('id')
    .execute()
}

export type ZoneRow = NonNullable<Awaited<ReturnType<typeof findZone>>>
export type MethodRow = Awaited<ReturnType<typeof findZoneMethods>>[number]

export async function insertZone(
  db: Db,
  zone: { id: string; siteCode: string; name: string; countries: readonly string[] },
) {
  const last = await db
    .selectFrom('shipping_zones')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('site_code', '=', zone.siteCode)
    .executeTakeFirst()
  await db
    .insertInto('shipping_zones')
    .values({
      id: zone.id,
      site_code: zone.siteCode,
      name: zone.name,
      ship_to: JSON.stringify(zone.countries),
      position: last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1,
    })
    .execute()
}

export async function updateZone(
  db: Db,
  zoneId: string,
  zone: { name: string; countries: readonly string[] },
) {
  await db
    .updateTable('shipping_zones')
    .set({ name: zone.name, ship_to: JSON.stringify(zone.countries) })
    .where('id', '=', zoneId)
    .execute()
}

/** The zone and its methods (the methods first: no engine's cascade is relied on). */
export async function deleteZone(db: Db, zoneId: string) {
  await db.deleteFrom('shipping_methods').where('zone_id', '=', zoneId).execute()
  await db.deleteFrom('shipping_zones').where('id', '=', zoneId).execute()
}

export interface MethodValues {
  name: string
  names: Record<string, string>
  active: boolean
  currency: string
  fees: ReadonlyArray<{ minOrderMinor: number; feeMinor: number }>
}

const columns = (m: MethodValues) => ({
  name: m.name,
  names: JSON.stringify(m.names),
  active: m.active ? 1 : 0,
  currency: m.currency,
  fees: JSON.stringify(m.fees),
})

export async function insertMethod(
  db: Db,
  id: string,
  zoneId: string,
  method: MethodValues,
  position: number,
) {
  await db
    .insertInto('shipping_methods')
    .values({ id, zone_id: zoneId, ...columns(method), position })
    .execute()
}

export async function updateMethod(db: Db, id: string, method: MethodValues) {
  await db.updateTable('shipping_methods').set(columns(method)).where('id', '=', id).execute()
}

export async function deleteMethod(db: Db, id: string) {
  await db.deleteFrom('shipping_methods').where('id', '=', id).execute()
}

/** Positions 0..n-1 in the order given; rows already in place are left alone. */
export async function renumberMethods(db: Db, ordered: ReadonlyArray<{ id: string; position: number }>) {
  for (const [position, method] of ordered.entries()) {
    if (method.position !== position)
      await db.updateTable('shipping_methods').set({ position }).where('id', '=', method.id).execute()
  }
}
