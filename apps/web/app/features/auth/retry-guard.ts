/** Spec §9 "Retry refusal window". */
export const RETRY_WINDOW_MS = 10_000

export const TOO_SOON_TO_RETRY = 'Too soon to retry'

/**
 * Spec §8 global handling: a 401 is answered with a fresh anonymous token and one retry, but a second retry
 * of the same URL within 10 seconds is refused ('Too soon to retry'). Pure: the clock is passed in, and the
 * key says whose retry it is (session and URL), so that one shopper's retries never block another's.
 */
export function createRetryGuard({
  now = () => Date.now(),
  windowMs = RETRY_WINDOW_MS,
  maxEntries = 10_000,
}: {
  now?: () => number
  windowMs?: number
  maxEntries?: number
} = {}) {
  const last = new Map<string, number>()
  return {
    /** Records a retry of `key` and says whether it may go ahead (false: too soon after the previous one). */
    allow(key: string): boolean {
      const at = now()
      const previous = last.get(key)
      if (previous !== undefined && at - previous < windowMs) return false
      last.delete(key)
      last.set(key, at)
      // Entries are in insertion order = time order: forget the expired ones (and never grow without bound).
      for (const [k, t] of last) {
        if (at - t < windowMs && last.size <= maxEntries) break
        last.delete(k)
      }
      return true
    },
  }
}

export type RetryGuard = ReturnType<typeof createRetryGuard>
