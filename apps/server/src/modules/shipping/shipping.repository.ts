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

export function findMethods(db: Db, zoneIds: string[], activeOnly: boolean) {
  let query = db
    .selectFrom('shipping_methods')
    .select(['id', 'zone_id', 'name', 'names', 'active', 'currency', 'fees'])
    .where('zone_id', 'in', zoneIds)
  if (activeOnly) query = query.where('active', '=', 1)
  return query.orderBy('position').orderBy('id').execute()
}

export function findMethod(db: Db, siteCode: string, zoneId: string, methodId: string) {
  return db
    .selectFrom('shipping_methods as m')
    .innerJoin('shipping_zones as z', 'z.id', 'm.zone_id')
    .select(['m.id', 'm.name', 'm.names', 'm.active', 'm.currency', 'm.fees', 'z.id as zone_id', 'z.ship_to'])
    .where('z.site_code', '=', siteCode)
    .where('z.id', '=', zoneId)
    .where('m.id', '=', methodId)
    .executeTakeFirst()
}
