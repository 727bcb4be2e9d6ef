import { backofficeStaffApi as api, type StaffInvite } from '@shop/contracts/backoffice-staff'
import type { StaffRole } from '@shop/contracts/staff'
import type { Transport } from './transport.ts'

/** The owner's staff calls and the invitation link's (server-side only, /admin/staff and /admin/invitation). */
export function backofficeStaffCalls({ call }: Transport) {
  return {
    staffList: () => call(api.staff),
    inviteStaff: (body: StaffInvite) => call(api.invite, { body }),
    withdrawInvitation: (invitationId: string) => call(api.withdrawInvitation, { params: { invitationId } }),
    changeStaffRole: (customerId: string, role: StaffRole | 'customer') =>
      call(api.changeRole, { params: { customerId }, body: { role } }),
    staffInvitation: (token: string) => call(api.invitation, { params: { token } }),
    acceptStaffInvitation: (token: string) => call(api.acceptInvitation, { params: { token } }),
  }
}
