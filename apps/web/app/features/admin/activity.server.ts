import { redirect } from 'react-router'
import { isApiError } from '../../lib/api.ts'
import type { ShopSession } from '../../lib/context.server.ts'
import { signedInUser } from '../auth/session-user.server.ts'

export const ACTIVITY_PAGE_SIZE = 20

/** The filter and page the address asks for (`?entity=product&entityId=…&page=2`). */
export function activityView(url: URL) {
  const entity = url.searchParams.get('entity')?.trim().slice(0, 40) || ''
  const entityId = url.searchParams.get('entityId')?.trim().slice(0, 64) || ''
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1))
  return { entity, entityId, page }
}
export type ActivityView = ReturnType<typeof activityView>

/**
 * One page of the audit log, or `forbidden` when the API refuses the caller (the catalogue staff: the log is
 * the owner's, docs/decisions/0045), so the page can say so instead of sending them to the sign-in.
 */
export async function loadActivity(session: ShopSession, request: Request, view: ActivityView) {
  const url = new URL(request.url)
  if (!signedInUser(request)) {
    throw redirect(`/admin/sign-in?returnTo=${encodeURIComponent(url.pathname + url.search)}`)
  }
  try {
    const list = await session.api.auditLog({
      entity: view.entity || undefined,
      entityId: view.entityId || undefined,
      page: view.page,
      pageSize: ACTIVITY_PAGE_SIZE,
    })
    return { forbidden: false as const, ...list }
  } catch (error) {
    if (isApiError(error, 403)) return { forbidden: true as const, items: [], total: 0 }
    if (isApiError(error, 401)) {
      throw redirect(`/admin/sign-in?returnTo=${encodeURIComponent(url.pathname + url.search)}`)
    }
    throw error
  }
}
