import type { Db } from '../../platform/db/database.ts'

export function siteExists(db: Db, siteCode: string) {
  return db.selectFrom('sites').select('code').where('code', '=', siteCode).executeTakeFirst()
}

export function findZones(db: Db, siteCode: string) {
  return db
    .selectFrom('shipping_zones')
    .select(['id', 'name', 'ship_to'])
    .where('site_code', '=', siteCode)
    .orderBy('position')
    .orderBy('id')
    .execute()
}

/** Every method of the zones, active or not, in their order. */
export function findMethods(db: Db, zoneIds: string[]) {
  return db
    .selectFrom('shipping_methods')
    .select(['id', 'zone_id', 'name', 'names', 'active', 'currency', 'fees'])
    .where('zone_id', 'in', zoneIds)
    .orderBy('position')
    .orderBy('id')
    .execute()
}
