import type { StaffMe } from '@shop/contracts/staff'

/**
 * Whether a role's pages include this one, for the pages whose loader calls no API that would refuse (a new
 * product's empty form): the order staff open the order and customer pages only, the catalogue staff everything else.
 */
export function mayOpen(staff: StaffMe, pathname: string): boolean {
  const orders = /^\/admin\/(orders|customers)(\/|$)/.test(pathname)
  // Settings pages whose form the owner alone may send (a new coupon's form calls no API to refuse).
  const ownerOnly = /^\/admin\/coupons(\/|$)/.test(pathname)
  return staff.role === 'owner' || (!ownerOnly && (staff.role === 'orders' ? orders : !orders))
}

/** Where a staff member's back office starts: the order staff have no product list. */
export const adminHomeOf = (staff: StaffMe) => (staff.role === 'orders' ? '/admin/orders' : '/admin')
