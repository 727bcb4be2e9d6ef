import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { de, en } from '../apps/web/app/i18n/admin.ts'
import { seriousViolations } from './support/axe.ts'
import { browserEngines, openPage, widthsOn } from './support/browser.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { startSmtp, uniqueEmail } from './support/smtp.ts'
import { execSql } from './support/sql.ts'
import { account, adminSignIn } from './support/staff.ts'

/**
 * Staff by invitation (docs/decisions/0066-staff-invitations.md), both engines, desktop in English and 390 px in
 * German: the owner invites an address with the orders role on /admin/staff; the mailed link, signed in with a
 * new account of that address, makes them order staff, who read orders but are refused on the catalogue and the
 * settings, in the browser and on the API; the owner cannot remove the last owner; axe finds nothing serious.
 */
for (const { engine, skip } of browserEngines) {
  describe(`staff invitations on ${engine}`, { skip }, () => {
    let shop: RunningShop
    let smtp: Awaited<ReturnType<typeof startSmtp>>
    before(async () => {
      smtp = await startSmtp()
      shop = await startShop(engine, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` })
    })
    after(async () => {
      await shop?.stop()
      await smtp?.close()
    })

    for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
      const [language, t] = viewportName === 'phone' ? (['de', de] as const) : (['en', en] as const)
      test(`${viewportName} (${language}): invite order staff, who accept and work in their role only`, async () => {
        const owner = await account(shop.url, shop.databaseUrl, 'owner')
        const clerkEmail = uniqueEmail(`clerk-${viewportName}`)
        const { context, page, errors } = await openPage({ viewport })
        await context.addCookies([{ name: 'language', value: language, url: shop.url }])
        await adminSignIn(page, shop.url, owner, { email: t.EMAIL, password: t.PASSWORD, submit: t.SIGN_IN })
        await page.getByRole('link', { name: t.STAFF }).click()
        await page.getByRole('heading', { name: t.STAFF, level: 1 }).waitFor()
        const found = await seriousViolations(page, '/admin/staff')
        const invite = page.getByRole('region', { name: t.INVITE })
        await invite.getByLabel(t.EMAIL).fill(clerkEmail)
        await invite.getByLabel(t.COL_ROLE).selectOption('orders')
        await invite.getByRole('button', { name: t.SEND_INVITATION }).click()
        await page
          .getByRole('status')
          .filter({ hasText: t.STAFF_INVITED.replace('{email}', clerkEmail) })
          .waitFor()
        await page.getByRole('button', { name: t.WITHDRAW.replace('{email}', clerkEmail) }).waitFor()
        // The last owner stays: with every other owner made a customer, revoking oneself is refused with the reason.
        await execSql(shop.databaseUrl, [
          `update customers set role = 'customer' where role = 'owner' and email <> '${owner.email}'`,
        ])
        await page.getByRole('button', { name: t.REVOKE.replace('{email}', owner.email) }).click()
        await page.getByRole('alert').filter({ hasText: t.LAST_OWNER }).waitFor()

        // The invitee: a new account of the invited address, then the link.
        const link = await smtp.linkFor(clerkEmail, '/admin/invitation/')
        const password = 'correct horse battery'
        const signup = await fetch(`${shop.url}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: clerkEmail, password, firstName: 'Cleo', lastName: 'Clerk' }),
        })
        assert.equal(signup.status, 201)
        const clerkToken = ((await signup.json()) as { accessToken: string }).accessToken
        const invitee = await openPage({ viewport })
        await invitee.context.addCookies([{ name: 'language', value: language, url: shop.url }])
        await invitee.page.goto(`${shop.url}${link.pathname}`)
        await invitee.page.getByRole('heading', { name: t.INVITATION_TITLE, level: 1 }).waitFor()
        found.push(...(await seriousViolations(invitee.page, '/admin/invitation/:token')))
        await invitee.page.getByLabel(t.PASSWORD).fill(password)
        await invitee.page.getByRole('button', { name: t.ACCEPT_INVITATION }).click()
        await invitee.page.waitForURL(/\/admin\/orders$/)
        await invitee.page.getByRole('heading', { name: t.ORDERS, level: 1 }).waitFor()
        const refused = await invitee.page.goto(`${shop.url}/admin/products/new`)
        assert.equal(refused?.status(), 403)
        await invitee.page.getByRole('alert').filter({ hasText: t.FORBIDDEN_PAGE }).waitFor()
        const settings = await invitee.page.goto(`${shop.url}/admin/staff`)
        assert.equal(settings?.status(), 403)
        for (const path of ['/api/owner/products', '/api/owner/staff', '/api/owner/categories']) {
          const res = await fetch(`${shop.url}${path}`, {
            headers: { authorization: `Bearer ${clerkToken}` },
          })
          assert.equal(res.status, 403, path)
        }
        const orders = await fetch(`${shop.url}/api/owner/orders`, {
          headers: { authorization: `Bearer ${clerkToken}` },
        })
        assert.equal(orders.status, 200)

        // The owner sees the new member; the link is used up.
        await page.reload()
        await page.getByLabel(t.ROLE_FOR.replace('{email}', clerkEmail), { exact: true }).waitFor()
        assert.equal(
          await page.getByRole('button', { name: t.WITHDRAW.replace('{email}', clerkEmail) }).count(),
          0,
        )
        const again = await fetch(
          `${shop.url}/api${link.pathname.replace('/admin/invitation/', '/staff-invitations/')}`,
        )
        assert.equal(again.status, 404)
        const usedPage = await fetch(link)
        assert.equal(usedPage.status, 404, 'the page of a used link answers 404 (and says so)')
        assert.deepEqual(found, [])
        assert.deepEqual([...errors, ...invitee.errors], [])
        await invitee.context.close()
        await context.close()
      })
    }
  })
}
