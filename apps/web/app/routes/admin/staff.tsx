import type { StaffList } from '@shop/contracts/backoffice-staff'
import { STAFF_ROLES, type StaffRole } from '@shop/contracts/staff'
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router'
import { adminMeta } from '../../features/admin/meta.ts'
import { asStaff } from '../../features/admin/staff.server.ts'
import { type AdminKey, adminTranslator } from '../../i18n/admin.ts'
import { isApiError } from '../../lib/api.ts'
import { getSession } from '../../lib/context.server.ts'
import { formatDateTime } from '../../lib/format.ts'
import { SelectField } from '../../ui/form/select-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import type { Route } from './+types/staff'

export const meta: Route.MetaFunction = adminMeta

/** The shop's staff and open invitations (owner only, docs/decisions/0066-staff-invitations.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const t = adminTranslator(session.language)
  const staff = await asStaff(request, () => session.api.staffList())
  const url = new URL(request.url)
  return {
    staff,
    language: session.language,
    done: url.searchParams.get('done'),
    email: url.searchParams.get('email') ?? '',
    title: `${t('STAFF')} – ${t('ADMIN')}`,
  }
}

type Failure = { form: string; message: AdminKey; field?: 'email' | 'role'; values?: Record<string, string> }

const isRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value)

export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const form = await request.formData()
  const text = (name: string) => String(form.get(name) ?? '').trim()
  const intent = text('intent')
  const refuse = (failure: Failure, status: number) => data({ failure }, status)
  try {
    if (intent === 'invite') {
      const role = text('role')
      if (!isRole(role)) return refuse({ form: 'invite', message: 'STAFF_REFUSED', field: 'role' }, 400)
      const invited = await asStaff(request, () => session.api.inviteStaff({ email: text('email'), role }))
      throw redirect(`/admin/staff?done=invited&email=${encodeURIComponent(invited.email)}`)
    }
    if (intent === 'withdraw')
      await asStaff(request, () => session.api.withdrawInvitation(text('invitationId')))
    else if (intent === 'role' || intent === 'revoke') {
      const role = intent === 'revoke' ? 'customer' : text('role')
      if (role !== 'customer' && !isRole(role)) throw data(null, 400)
      await asStaff(request, () => session.api.changeStaffRole(text('customerId'), role))
    } else throw data(null, 400)
  } catch (error) {
    const form = intent === 'invite' ? 'invite' : text('customerId') || text('invitationId')
    const values = { email: text('email'), role: text('role') }
    if (isApiError(error, 400))
      return refuse(
        {
          form,
          message: 'STAFF_REFUSED',
          field: error.body.details[0]?.field === 'body.role' ? 'role' : 'email',
          values,
        },
        400,
      )
    if (isApiError(error, 409))
      return refuse(
        { form, message: error.body.type === 'last_owner' ? 'LAST_OWNER' : 'ALREADY_STAFF', values },
        409,
      )
    if (isApiError(error, 404)) throw redirect('/admin/staff')
    throw error
  }
  throw redirect('/admin/staff?done=saved')
}

export default function AdminStaff() {
  const { staff, language, done, email } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()?.failure
  const busy = useNavigation().state !== 'idle'
  const t = adminTranslator(language)
  return (
    <>
      <h1>{t('STAFF')}</h1>
      <p className="hint">{t('STAFF_HINT')}</p>
      {failure && failure.form !== 'invite' ? (
        <p role="alert" className="admin-alert">
          {t(failure.message)}
        </p>
      ) : done ? (
        <p role="status" className="admin-notice">
          {done === 'invited' ? t('STAFF_INVITED', { email }) : t('STAFF_SAVED')}
        </p>
      ) : null}
      <Members staff={staff} t={t} busy={busy} />
      <section aria-labelledby="staff-invite">
        <h2 id="staff-invite">{t('INVITE')}</h2>
        <p className="hint">{t('INVITE_HINT')}</p>
        {failure?.form === 'invite' ? (
          <p role="alert" className="admin-alert">
            {t(failure.message)}
          </p>
        ) : null}
        <Form method="post" className="admin-form">
          <input type="hidden" name="intent" value="invite" />
          <TextField
            name="email"
            type="email"
            label={t('EMAIL')}
            autoComplete="off"
            defaultValue={failure?.form === 'invite' ? failure.values?.email : undefined}
            error={failure?.form === 'invite' && failure.field === 'email' ? t(failure.message) : undefined}
          />
          <SelectField name="role" label={t('COL_ROLE')} defaultValue={failure?.values?.role || 'orders'}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`ROLE_CHOICE_${role}`)}
              </option>
            ))}
          </SelectField>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('SEND_INVITATION')}
          </button>
        </Form>
      </section>
      <Invitations staff={staff} t={t} busy={busy} language={language} />
    </>
  )
}

type T = ReturnType<typeof adminTranslator>

function Members({ staff, t, busy }: { staff: StaffList; t: T; busy: boolean }) {
  return (
    <section aria-labelledby="staff-members">
      <h2 id="staff-members">{t('STAFF_MEMBERS')}</h2>
      <ul className="admin-cards">
        {staff.members.map((member) => (
          <li key={member.customerId} className="admin-card">
            <p>
              <strong className="admin-email">{member.email}</strong>
              {member.name ? ` · ${member.name}` : null}
            </p>
            <Form method="post" className="admin-card__form">
              <input type="hidden" name="intent" value="role" />
              <input type="hidden" name="customerId" value={member.customerId} />
              <SelectField
                id={`role-${member.customerId}`}
                name="role"
                label={t('ROLE_FOR', { email: member.email })}
                defaultValue={member.role}
              >
                {STAFF_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(`ROLE_CHOICE_${role}`)}
                  </option>
                ))}
              </SelectField>
              <button
                type="submit"
                className="button"
                disabled={busy}
                aria-label={t('SAVE_ROLE', { email: member.email })}
              >
                {t('SAVE')}
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="revoke" />
              <input type="hidden" name="customerId" value={member.customerId} />
              <button type="submit" className="button button--danger" disabled={busy}>
                {t('REVOKE', { email: member.email })}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  )
}

function Invitations({
  staff,
  t,
  busy,
  language,
}: {
  staff: StaffList
  t: T
  busy: boolean
  language: Parameters<typeof formatDateTime>[1]
}) {
  return (
    <section aria-labelledby="staff-invitations">
      <h2 id="staff-invitations">{t('INVITATIONS')}</h2>
      {staff.invitations.length === 0 ? <p>{t('NO_INVITATIONS')}</p> : null}
      <ul className="admin-cards">
        {staff.invitations.map((invitation) => (
          <li key={invitation.id} className="admin-card">
            <p>
              <strong className="admin-email">{invitation.email}</strong> ·{' '}
              {t(`ROLE_CHOICE_${invitation.role}`)}
            </p>
            <p className="hint">
              {t('INVITED_BY', {
                email: invitation.invitedBy,
                date: formatDateTime(invitation.expires, language),
              })}
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="withdraw" />
              <input type="hidden" name="invitationId" value={invitation.id} />
              <button type="submit" className="button" disabled={busy}>
                {t('WITHDRAW', { email: invitation.email })}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  )
}
