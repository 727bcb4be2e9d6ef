import assert from 'node:assert/strict'
import { readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import type { Page } from 'playwright-core'
import { catalogueCsv } from '../apps/server/src/modules/catalogue-import/import.testing.ts'
import { en } from '../apps/web/app/i18n/admin.ts'
import { browserEngines, openPage, viewports, widthsOn } from './support/browser.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { account, adminSignIn } from './support/staff.ts'

/**
 * The import page (issue "Back office, part 1": import and export), both engines, desktop and 390 px: a CSV of
 * 1,000 products with refused rows is previewed with the refused rows named, imported (valid rows only) with a
 * progress bar to done, and a product of it is found by the shopper's search; the export downloads the
 * catalogue with them. At 390 px nothing is wider than the screen (axe checks these pages at both widths in
 * e2e/admin-a11y.test.ts). The two widths share the engine's shop and its owner; each imports its own 1,000 SKUs.
 */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]))

for (const { engine, skip } of browserEngines) {
  describe(`catalogue import page on ${engine}`, { skip }, () => {
    let shop: RunningShop
    let owner: Awaited<ReturnType<typeof account>>
    before(async () => {
      shop = await startShop(engine)
      owner = await account(shop.url, shop.databaseUrl, 'owner')
    })
    after(() => shop?.stop())

    for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
      const phone = viewportName === 'phone'
      test(`${viewportName}: 1,000 products: preview names the refused rows, import the valid ones, found by search`, async () => {
        const prefix = `Q${viewportName[0]}${Date.now().toString(36)}`.toUpperCase()
        const word = phone ? 'Quokkaphone' : 'Quokkalamp'
        const file = join(tmpdir(), `${prefix}.csv`)
        await writeFile(file, catalogueCsv(1000, { prefix, bad: [199, 600], word }))
        const { page, errors } = await openPage({ viewport, acceptDownloads: true })
        /** At 390 px, the page and its tables no wider than the screen (axe: e2e/admin-a11y.test.ts). */
        const tooWide: string[] = []
        const check = async (step: string) => {
          if (phone) tooWide.push(...(await wider(page, step)))
        }
        await adminSignIn(page, shop.url, owner, {
          email: en.EMAIL,
          password: en.PASSWORD,
          submit: en.SIGN_IN,
        })
        await page.getByRole('heading', { name: en.PRODUCTS, level: 1 }).waitFor()
        await page
          .getByRole('navigation', { name: en.ADMIN_NAV })
          .getByRole('link', { name: en.IMPORT_EXPORT })
          .click()
        await page.getByRole('heading', { name: en.IMPORT_EXPORT, level: 1 }).waitFor()
        await check('the import form')

        await page.getByLabel(en.IMPORT_FILE).setInputFiles(file)
        await page.getByRole('button', { name: en.IMPORT_CHECK }).click()
        await page.getByRole('heading', { name: en.IMPORT_PREVIEW }).waitFor()
        await check('the preview')
        const counts = await page.locator('.import-counts').innerText()
        assert.match(counts, new RegExp(fill(en.IMPORT_CREATE, { count: 998 })))
        assert.match(counts, new RegExp(fill(en.IMPORT_REFUSED, { count: 2 })))
        const refused = page.getByRole('table', { name: en.IMPORT_REFUSED_ROWS })
        const rows = await refused.locator('tbody tr').allInnerTexts()
        assert.equal(rows.length, 2)
        assert.match(rows[0] ?? '', new RegExp(`^201\\s+${prefix}-00200\\s+price_USD`))
        assert.match(rows[1] ?? '', new RegExp(`^602\\s+${prefix}-00601\\s+price_USD`))
        // Refused rows: no plain "Import", only the explicit choice.
        assert.equal(await page.getByRole('button', { name: en.IMPORT_START, exact: true }).count(), 0)
        const before = await productCount(shop.url)
        await page.getByRole('button', { name: en.IMPORT_VALID_ONLY }).click()
        await page.getByRole('progressbar', { name: en.IMPORT_PROGRESS }).waitFor()
        await page
          .getByText(fill(en.IMPORT_DONE, { create: 998, update: 0, unchanged: 0, refused: 2 }))
          .waitFor({ timeout: 60_000 })
        assert.equal(await page.getByRole('progressbar').getAttribute('aria-valuenow'), '1000')
        assert.equal(await productCount(shop.url), before + 998)
        await check('the import done')

        const shopper = await openPage({ viewport: viewports.phone })
        await shopper.page.goto(`${shop.url}/search/${encodeURIComponent(`${word} 00777`.toLowerCase())}`)
        await shopper.page
          .getByRole('link', { name: new RegExp(`${word} 00777`) })
          .first()
          .waitFor()

        await page.getByRole('link', { name: en.IMPORT_AGAIN }).click()
        const download = page.waitForEvent('download')
        await page.getByRole('link', { name: en.EXPORT_DOWNLOAD }).click()
        const csv = await readFile((await (await download).path()) as string, 'utf8')
        assert.ok(csv.includes(`${prefix}-00777,true,${word} 00777`), csv.slice(0, 300))
        assert.ok(!csv.includes(`${prefix}-00200,`))

        // The export with one price changed: the dry run shows that one change, and Cancel throws it away.
        const table = parse(csv, { bom: true }) as string[][]
        const row = table.find((cells) => cells[0] === `${prefix}-00777`) as string[]
        row[(table[0] as string[]).indexOf('price_USD')] = '1.25'
        const edited = join(tmpdir(), `${prefix}-edited.csv`)
        await writeFile(edited, stringify(table))
        await page.getByLabel(en.IMPORT_FILE).setInputFiles(edited)
        await page.getByRole('button', { name: en.IMPORT_CHECK }).click()
        await page.getByRole('heading', { name: en.IMPORT_PREVIEW }).waitFor()
        await check('the preview of one change')
        // The whole demo catalogue and the import read back as they are: one change, nothing refused.
        const again = await page.locator('.import-counts').innerText()
        for (const [key, count] of [
          [en.IMPORT_UPDATE, 1],
          [en.IMPORT_REFUSED, 0],
          [en.IMPORT_CREATE, 0],
        ] as const)
          assert.match(again, new RegExp(`(^|\\s)${fill(key, { count })}`), again)
        const changes = await page
          .getByRole('table', { name: en.IMPORT_CHANGED_ROWS })
          .locator('tbody tr')
          .allInnerTexts()
        assert.deepEqual(
          changes.map((r) => r.split(/\s+/).slice(1).join(' ')),
          [`${prefix}-00777 price_USD`],
        )
        await page.getByRole('button', { name: en.IMPORT_CANCEL }).click()
        await page.getByRole('heading', { name: en.IMPORT_HEADING }).waitFor()
        assert.deepEqual(tooWide, [])
        assert.deepEqual(errors, [])
      })
    }

    test('the hydrated page posts its file to the data URL, which takes more than the 256 KB other pages do', async () => {
      const csv = catalogueCsv(2000, { prefix: `BIG${Date.now().toString(36).toUpperCase()}` })
      assert.ok(csv.length > 256 * 1024, String(csv.length))
      const form = new FormData()
      form.set('intent', 'upload')
      form.set('file', new Blob([csv], { type: 'text/csv' }), 'products.csv')
      const res = await fetch(`${shop.url}/admin/import.data`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
      })
      // Not 413: the body reached the page's action, which sends a visitor who is not signed in to sign in.
      assert.equal(res.status, 202)
      assert.match(await res.text(), /\/admin\/sign-in/)
    })
  })
}

/** The page, or a table's scrolling box on it, wider than its room at `step`: one line each. */
async function wider(page: Page, step: string): Promise<string[]> {
  const wide = await page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll('.admin-table-wrap')]
      .filter((node) => node.scrollWidth > node.clientWidth)
      .map((node) => `${node.tagName.toLowerCase()} ${node.scrollWidth}px in ${node.clientWidth}px`),
  )
  return wide.map((w) => `${step}: ${w}`)
}

async function productCount(url: string): Promise<number> {
  const res = await fetch(`${url}/api/catalogue/products?pageSize=1&totalCount=true`, {
    headers: { 'site-code': 'us', 'accept-language': 'en' },
  })
  const count = Number(res.headers.get('x-total-count'))
  assert.ok(Number.isFinite(count) && count > 0, String(count))
  return count
}
