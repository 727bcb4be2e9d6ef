import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV, lastMailTo, signupCustomer, uniqueEmail } from '../auth/auth.testing.ts'
import { setRole } from './customer.service.ts'

/**
 * The staff page's calls (docs/decisions/0066-staff-invitations.md): an invitation by e-mail taken by the
 * invited address once, role changes and revocations that always leave an owner, each in the audit log.
 */
for (const { engine, skip } of testEngines()) {
  describe(`staff and invitations on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const db = database.db
    const owner = await signupCustomer(app)
    assert.ok(await setRole(db, owner.email, 'owner'))
    const call = (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
      headers: Record<string, string> = owner.headers,
    ) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) })
    const tokenOf = async (email: string) => {
      const mail = await lastMailTo(app, email)
      return { ...mail, token: decodeURIComponent(mail.link.split('/admin/invitation/')[1] ?? '') }
    }
    const audits = async (entity: string) =>
      (
        await db
          .selectFrom('audit_log' as never)
          .select(['action' as never, 'actor_email' as never])
          .where('entity' as never, '=', entity as never)
          .execute()
      ).length

    test('an invited address signs up, accepts once, and works in its role only', async () => {
      const email = uniqueEmail('clerk')
      const invited = await call('POST', '/api/owner/staff/invitations', {
        email: email.toUpperCase(),
        role: 'orders',
      })
      assert.equal(invited.statusCode, 201, invited.body)
      assert.equal(invited.json().email, email)
      const mail = await tokenOf(email)
      assert.match(mail.subject, /invited/)
      assert.match(mail.text, new RegExp(owner.email.replace(/[.+]/g, '\\$&')))
      const view = await call('GET', `/api/staff-invitations/${mail.token}`, undefined, {})
      assert.equal(view.statusCode, 200, view.body)
      assert.deepEqual([view.json().email, view.json().role], [email, 'orders'])
      assert.equal((await call('GET', '/api/owner/staff')).json().invitations.length, 1)

      const anonymous = await call('POST', `/api/staff-invitations/${mail.token}/accept`, undefined, {})
      assert.equal(anonymous.statusCode, 401)
      const stranger = await signupCustomer(app)
      const wrong = await call(
        'POST',
        `/api/staff-invitations/${mail.token}/accept`,
        undefined,
        stranger.headers,
      )
      assert.equal(wrong.statusCode, 403)
      assert.equal(wrong.json().type, 'invitation_other_email')

      const clerk = await signupCustomer(app, { email })
      const accepted = await call(
        'POST',
        `/api/staff-invitations/${mail.token}/accept`,
        undefined,
        clerk.headers,
      )
      assert.equal(accepted.statusCode, 200, accepted.body)
      assert.equal((await call('GET', '/api/owner/orders', undefined, clerk.headers)).statusCode, 200)
      assert.equal((await call('GET', '/api/owner/products', undefined, clerk.headers)).statusCode, 403)
      assert.equal((await call('GET', '/api/owner/staff', undefined, clerk.headers)).statusCode, 403)
      const again = await call(
        'POST',
        `/api/staff-invitations/${mail.token}/accept`,
        undefined,
        clerk.headers,
      )
      assert.equal(again.statusCode, 404)
      assert.equal((await call('GET', `/api/staff-invitations/${mail.token}`, undefined, {})).statusCode, 404)
      const list = (await call('GET', '/api/owner/staff')).json()
      assert.deepEqual(
        list.members.map((m: { email: string; role: string }) => [m.email, m.role]).sort(),
        [
          [email, 'orders'],
          [owner.email, 'owner'],
        ].sort(),
      )
      assert.equal(list.invitations.length, 0)

      const revoked = await call('PUT', `/api/owner/staff/${clerk.customerId}`, { role: 'customer' })
      assert.equal(revoked.statusCode, 200, revoked.body)
      assert.equal((await call('GET', '/api/owner/orders', undefined, clerk.headers)).statusCode, 403)
      assert.ok((await audits('staff')) >= 2)
      assert.ok((await audits('staff-invitation')) >= 1)
    })

    test('a second invitation replaces the first; the same role twice, a bad address and a bad role are refused', async () => {
      const email = uniqueEmail('twice')
      await call('POST', '/api/owner/staff/invitations', { email, role: 'catalogue' })
      const first = await tokenOf(email)
      await call('POST', '/api/owner/staff/invitations', { email, role: 'orders' })
      const second = await tokenOf(email)
      assert.notEqual(first.token, second.token)
      assert.equal(
        (await call('GET', `/api/staff-invitations/${first.token}`, undefined, {})).statusCode,
        404,
      )
      assert.equal(
        (await call('GET', `/api/staff-invitations/${second.token}`, undefined, {})).json().role,
        'orders',
      )
      const open = (await call('GET', '/api/owner/staff')).json().invitations
      const mine = open.filter((i: { email: string }) => i.email === email)
      assert.equal(mine.length, 1)
      const withdrawn = await call('DELETE', `/api/owner/staff/invitations/${mine[0].id}`)
      assert.equal(withdrawn.statusCode, 204)
      assert.equal(
        (await call('GET', `/api/staff-invitations/${second.token}`, undefined, {})).statusCode,
        404,
      )

      const same = await call('POST', '/api/owner/staff/invitations', { email: owner.email, role: 'owner' })
      assert.equal(same.statusCode, 409)
      assert.equal(same.json().type, 'already_staff')
      const bad = await call('POST', '/api/owner/staff/invitations', {
        email: 'not-an-address',
        role: 'orders',
      })
      assert.equal(bad.statusCode, 400)
      assert.equal(bad.json().details[0].field, 'body.email')
      const role = await call('POST', '/api/owner/staff/invitations', { email, role: 'king' })
      assert.equal(role.statusCode, 400)
      assert.equal(role.json().details[0].field, 'body.role')
    })

    test('the last owner cannot go, even when two owners demote each other at once', async () => {
      const alone = await call('PUT', `/api/owner/staff/${owner.customerId}`, { role: 'orders' })
      assert.equal(alone.statusCode, 409, alone.body)
      assert.equal(alone.json().type, 'last_owner')
      const second = await signupCustomer(app)
      assert.ok(await setRole(db, second.email, 'owner'))
      const [a, b] = await Promise.all([
        call('PUT', `/api/owner/staff/${second.customerId}`, { role: 'catalogue' }),
        call('PUT', `/api/owner/staff/${owner.customerId}`, { role: 'catalogue' }, second.headers),
      ])
      // One wins; the other is refused: 409 last_owner when it counted the owners first, or 403 when the winner
      // had already taken its caller's owner role by the time the staff guard read it.
      const codes = [a.statusCode, b.statusCode].sort()
      assert.equal(codes[0], 200, `${a.body} ${b.body}`)
      assert.ok([403, 409].includes(codes[1] as number), `${a.body} ${b.body}`)
      const owners = (
        await call(
          'GET',
          '/api/owner/staff',
          undefined,
          a.statusCode === 200 ? owner.headers : second.headers,
        )
      )
        .json()
        .members.filter((m: { role: string }) => m.role === 'owner')
      assert.equal(owners.length, 1)
    })
  })
}
