import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import type { Db } from '../apps/server/src/platform/db/database.ts'
import { createTestDatabase, testEngines } from '../apps/server/src/platform/testing/test-db.ts'
import { seedDemo } from './seed.ts'

const imagesDir = fileURLToPath(new URL('./images/', import.meta.url))
const json = <T>(text: string): T => JSON.parse(text) as T
type MediaList = { id: string; url: string }[]
interface SiteMixins {
  storeLogoImageKey: string
  siteContentDetails: {
    topImages: { large: { imageUrl: string }; small: { imageUrl: string }; link: string }[]
    banner1?: { imageUrl: string; link: string }
    banner2?: { imageUrl: string; link: string }
  }
}

async function counts(db: Db): Promise<Record<string, number>> {
  const tables = ['sites', 'categories', 'products', 'variants', 'prices', 'coupons', 'item_fees'] as const
  const out: Record<string, number> = {}
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    out[table] = Number(row.n)
  }
  return out
}

for (const { engine, skip } of testEngines()) {
  describe(`demo seed on ${engine}`, { skip }, () => {
    test('seeds the whole demo catalogue once', async () => {
      const { db } = await createTestDatabase(engine)
      await seedDemo(db)

      const sites = await db.selectFrom('sites').selectAll().orderBy('position').execute()
      assert.ok(sites.length >= 3)
      assert.deepEqual(
        sites.filter((s) => s.is_default).map((s) => s.code),
        ['us'],
      )
      const byCode = new Map(sites.map((s) => [s.code, s]))
      assert.equal(byCode.get('de')?.currency, 'EUR')
      assert.deepEqual(json(byCode.get('de')!.languages), ['de', 'en'])
      assert.equal(byCode.get('de')?.default_language, 'de')
      assert.deepEqual(json(byCode.get('us')!.tax), {
        id: 'FLATRATE',
        label: 'Sales tax 8.25 %',
        rate: 825,
        included: false,
      })
      assert.equal(json<{ included: boolean }>(byCode.get('de')!.tax).included, true)
      assert.ok(
        sites.some((s) => json<{ label: string }>(s.tax).label.length > 60),
        'one long tax label',
      )
      const mixins = sites.map((s) => ({ code: s.code, ...json<SiteMixins>(s.mixins) }))
      assert.deepEqual(
        mixins
          .filter((m) => !m.siteContentDetails.banner1 && !m.siteContentDetails.banner2)
          .map((m) => m.code),
        ['ca'],
      )
      const mediaUrls: string[] = []
      for (const m of mixins) {
        mediaUrls.push(m.storeLogoImageKey)
        assert.ok(m.siteContentDetails.topImages.length >= 2)
        for (const slide of m.siteContentDetails.topImages)
          mediaUrls.push(slide.large.imageUrl, slide.small.imageUrl)
        for (const banner of [m.siteContentDetails.banner1, m.siteContentDetails.banner2]) {
          if (banner) mediaUrls.push(banner.imageUrl)
        }
      }
      for (const s of sites) assert.equal(json<{ publicKey: string }>(s.payment).publicKey, 'pk_test_shop')

      const categories = await db.selectFrom('categories').selectAll().execute()
      const texts = await db.selectFrom('category_texts').selectAll().execute()
      assert.ok(categories.length >= 8)
      assert.ok(categories.some((c) => c.parent_id === null) && categories.some((c) => c.parent_id !== null))
      for (const c of categories) {
        assert.deepEqual(
          texts
            .filter((t) => t.category_id === c.id)
            .map((t) => t.language)
            .sort(),
          ['de', 'en'],
        )
      }
      assert.ok(
        texts.some((t) => t.language === 'de' && /[äöüß]/.test(t.name)),
        'a German name with umlaut or ß',
      )

      const products = await db.selectFrom('products').selectAll().execute()
      const productTexts = await db.selectFrom('product_texts').selectAll().execute()
      assert.ok(products.length >= 60)
      for (const p of products) {
        const own = productTexts.filter((t) => t.product_id === p.id)
        assert.deepEqual(own.map((t) => t.language).sort(), ['de', 'en'], p.id)
        for (const t of own) assert.ok(t.name && t.description.length > 40, `${p.id} ${t.language}`)
      }
      assert.ok(new Set(products.map((p) => p.created_at)).size > 50, 'created_at spread')
      assert.ok(
        products.filter((p) => json<MediaList>(p.media).length === 0).length >= 5,
        'products without image',
      )
      assert.ok(
        products.filter((p) => !p.has_variants && p.stock === 0).length >= 2,
        'simple products out of stock',
      )

      const variants = await db.selectFrom('variants').selectAll().execute()
      const variantTexts = await db.selectFrom('variant_texts').selectAll().execute()
      const variantProducts = products.filter((p) => p.has_variants)
      assert.ok(variantProducts.length >= 15)
      let withMissing = 0
      let partlySoldOut = 0
      for (const p of variantProducts) {
        const own = variants.filter((v) => v.product_id === p.id)
        const options = own.map((v) => json<Record<string, Record<string, string>>>(v.options))
        for (const o of options) assert.deepEqual(Object.keys(o), ['colour', 'size'])
        const colours = new Set(options.map((o) => o.colour!.name))
        const sizes = new Set(options.map((o) => o.size!.value))
        if (own.length < colours.size * sizes.size) withMissing++
        if (own.some((v) => v.stock === 0) && own.some((v) => v.stock > 0)) partlySoldOut++
        assert.equal(own.filter((v) => v.is_default).length, 1)
        for (const v of own) {
          assert.equal(variantTexts.filter((t) => t.variant_id === v.id).length, 2)
          for (const m of json<MediaList>(v.media)) mediaUrls.push(m.url)
        }
      }
      assert.ok(withMissing >= 1, 'a variant product with a missing combination')
      assert.ok(partlySoldOut >= 1, 'a variant product with some variants out of stock')

      const prices = await db.selectFrom('prices').selectAll().execute()
      for (const p of products) {
        for (const currency of ['USD', 'EUR', 'CAD']) {
          const own = prices.filter((r) => r.product_id === p.id && r.currency === currency)
          assert.ok(own.length >= 1, `${p.id} ${currency}`)
          for (const r of own) assert.ok(r.effective_minor > 0 && r.effective_minor <= r.original_minor)
        }
      }
      const onSale = new Set(
        prices.filter((r) => r.effective_minor < r.original_minor).map((r) => r.product_id),
      )
      assert.ok(onSale.size >= products.length * 0.15, `sales on ${onSale.size} products`)
      const ranged = variantProducts.filter((p) => {
        const usd = prices
          .filter((r) => r.product_id === p.id && r.currency === 'USD')
          .map((r) => r.effective_minor)
        return Math.min(...usd) < Math.max(...usd)
      })
      assert.ok(ranged.length >= 3, 'variant price ranges')
      assert.ok(prices.filter((r) => r.unit_code).length >= 2 * 3, 'measurement units')

      for (const p of products) for (const m of json<MediaList>(p.media)) mediaUrls.push(m.url)
      for (const c of categories) for (const m of json<MediaList>(c.media)) mediaUrls.push(m.url)
      for (const url of new Set(mediaUrls)) {
        assert.match(url, /^\/media\//)
        assert.ok(existsSync(imagesDir + url.slice('/media/'.length)), `missing file for ${url}`)
      }

      const assignments = await db.selectFrom('category_assignments').selectAll().execute()
      const leafIds = new Set(categories.filter((c) => c.parent_id !== null).map((c) => c.id))
      assert.ok(assignments.every((a) => leafIds.has(a.category_id)))
      for (const p of products)
        assert.ok(
          assignments.some((a) => a.product_id === p.id),
          `${p.id} has a category`,
        )
      const perProduct = new Map<string, number>()
      for (const a of assignments) perProduct.set(a.product_id, (perProduct.get(a.product_id) ?? 0) + 1)
      assert.ok([...perProduct.values()].filter((n) => n > 1).length >= 3, 'products in two categories')

      const coupons = await db.selectFrom('coupons').selectAll().execute()
      const save10 = coupons.find((c) => c.code === 'SAVE10')
      assert.equal(save10?.discount_type, 'ABSOLUTE')
      assert.equal(save10?.amount_minor, 1000)
      assert.equal(save10?.currency, 'USD')
      assert.equal(coupons.find((c) => c.code === 'WELCOME15')?.percentage, 15)
      assert.ok(
        coupons.some((c) => c.valid_until && c.valid_until < new Date().toISOString()),
        'an expired coupon',
      )
      assert.ok(
        coupons.some((c) => c.min_order_minor),
        'a minimum-order coupon',
      )
      assert.ok(
        coupons.some((c) => c.customers_only === 1),
        'a customers-only coupon',
      )

      const zones = await db.selectFrom('shipping_zones').selectAll().execute()
      const methods = await db.selectFrom('shipping_methods').selectAll().execute()
      for (const s of sites) {
        const own = zones.filter((z) => z.site_code === s.code)
        assert.ok(own.length >= 1, s.code)
        for (const z of own) {
          const zm = methods.filter((m) => m.zone_id === z.id)
          assert.ok(zm.length >= 2, z.id)
          for (const m of zm) {
            assert.equal(m.currency, s.currency)
            const tiers = json<{ minOrderMinor: number; feeMinor: number }[]>(m.fees)
            assert.equal(tiers[0]?.minOrderMinor, 0)
            for (let i = 1; i < tiers.length; i++)
              assert.ok(tiers[i]!.minOrderMinor > tiers[i - 1]!.minOrderMinor)
          }
        }
      }
      assert.deepEqual(json(zones.find((z) => z.site_code === 'us')!.ship_to), ['US', 'CA'])
      assert.ok(json<string[]>(zones.find((z) => z.site_code === 'de')!.ship_to).includes('AT'))

      const fees = await db.selectFrom('item_fees').selectAll().execute()
      assert.deepEqual([...new Set(fees.map((f) => f.fee_type))].sort(), [
        'ABSOLUTE',
        'ABSOLUTE_MULTIPLY_ITEMQUANTITY',
      ])
      for (const f of fees) assert.equal(f.currency, byCode.get(f.site_code)?.currency)

      const before = await counts(db)
      await seedDemo(db)
      assert.deepEqual(await counts(db), before)
    })

    test('concurrent seeds insert the catalogue once', async () => {
      const { db } = await createTestDatabase(engine)
      await Promise.all([seedDemo(db), seedDemo(db), seedDemo(db)])
      const n = await counts(db)
      assert.equal(n.sites, 3)
      assert.ok(n.products! >= 60)
    })
  })
}
