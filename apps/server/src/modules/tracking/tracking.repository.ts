import type { Db } from '../../platform/db/database.ts'

/** Row type of migration 0008's tracking_events (a type alias, as Kysely's withTables wants). */
type TrackingTables = {
  tracking_events: {
    consent_reference_id: string
    event_id: string
    type: string
    path: string | null
    product_id: string | null
    variant_id: string | null
    quantity: number | null
    occurred_at: string
    received_at: string
  }
}
export type TrackingEventRow = TrackingTables['tracking_events']

const trackingDb = (db: Db) => db.withTables<TrackingTables>()

/** One INSERT for the whole batch; events the shop already has are skipped. Returns the new events' ids. */
export async function insertEvents(db: Db, rows: TrackingEventRow[]): Promise<string[]> {
  if (rows.length === 0) return []
  const inserted = await trackingDb(db)
    .insertInto('tracking_events')
    .values(rows)
    .onConflict((oc) => oc.columns(['consent_reference_id', 'event_id']).doNothing())
    .returning('event_id')
    .execute()
  return inserted.map((r) => r.event_id)
}

export async function deleteReceivedBefore(db: Db, before: string): Promise<number> {
  const result = await trackingDb(db)
    .deleteFrom('tracking_events')
    .where('received_at', '<', before)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
