import type { MAX_TRACKING_BATCH, TrackingEvent } from '@shop/contracts/tracking'

/** The contract's MAX_TRACKING_BATCH (typed as its literal): the contract module itself carries zod. */
const BATCH: typeof MAX_TRACKING_BATCH = 50

/** The browser's store of unsent events (localStorage in the storefront; a Map-backed stand-in in tests). */
export interface QueueStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export const QUEUE_KEY = 'shop_tracking_queue'
/** Oldest events are dropped past this many, so a long offline spell cannot fill the storage. */
export const MAX_QUEUED_EVENTS = 500

export function readQueue(storage: QueueStorage): TrackingEvent[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(QUEUE_KEY) ?? '[]')
    return Array.isArray(parsed) ? (parsed as TrackingEvent[]) : []
  } catch {
    return []
  }
}

function writeQueue(storage: QueueStorage, events: TrackingEvent[]): void {
  if (events.length === 0) storage.removeItem(QUEUE_KEY)
  else storage.setItem(QUEUE_KEY, JSON.stringify(events.slice(-MAX_QUEUED_EVENTS)))
}

export function enqueue(storage: QueueStorage, event: TrackingEvent): void {
  writeQueue(storage, [...readQueue(storage), event])
}

/** The next batch to send, oldest first. */
export const nextBatch = (storage: QueueStorage) => readQueue(storage).slice(0, BATCH)

/** Drops the sent events; events queued while the batch was under way stay. */
export function acknowledge(storage: QueueStorage, sent: TrackingEvent[]): void {
  const ids = new Set(sent.map((e) => e.id))
  writeQueue(
    storage,
    readQueue(storage).filter((e) => !ids.has(e.id)),
  )
}

export const clearQueue = (storage: QueueStorage) => storage.removeItem(QUEUE_KEY)
