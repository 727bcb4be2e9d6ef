import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Category } from '@shop/contracts/catalogue'
import { insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV } from '../auth/auth.testing.ts'
import { productInput, staffMember } from './backoffice.testing.ts'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
interface Snapshot {
  productIds?: string[]
  published?: boolean
  texts?: Array<{ language: string; name: string }>
  product?: { productId: string; position: number | null } | null
}
interface Node {
  id: string
  parentId: string | null
  position: number
  published: boolean
  texts: Array<{ language: string; name: string }>
  productCount: number
}

/** The staff category API through HTTP, and what shoppers, search and the sitemap show right after each write. */
for (const { engine, skip } of testEngines()) {
  describe(`back-office categories on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const db = database.db
    await insertSite(db, { code: 'us', currency: 'USD', languages: ['en'] })
    await insertSite(db, { code: 'eu', currency: 'EUR', languages: ['de', 'en'] })
    const owner = await staffMember(app, db, 'owner')
    const staff = await staffMember(app, db, 'catalogue')
    const call = (method: Method, url: string, payload?: object, who = staff) =>
      app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) })
    const shop = (url: string, language = 'en') =>
      app.inject({ url, headers: { 'site-code': 'eu', 'accept-language': language } })
    const names = (en: string, de: string) => [
      { language: 'en', name: en },
      { language: 'de', name: de },
    ]
    const create = async (en: string, de: string, parentId: string | null = null) => {
      const res = await call('POST', '/api/owner/categories', { parentId, texts: names(en, de) })
      assert.equal(res.statusCode, 201, res.body)
      return res.json() as Node
    }
    const tree = async () => (await call('GET', '/api/owner/categories')).json().categories as Node[]
    const shopperTree = async (language = 'en') =>
      (
        await shop('/api/catalogue/categories?expand=subcategories&toplevel=true', language)
      ).json() as Category[]
    const newProduct = async (sku: string, name: string) => {
      const texts = [
        { language: 'en', name, description: '' },
        { language: 'de', name: `${name} DE`, description: '' },
      ]
      const res = await call('POST', '/api/owner/products', productInput({ sku, texts }))
      assert.equal(res.statusCode, 201, res.body)
      return res.json().id as string
    }
    const searchIds = async (q: string, language = 'en') =>
      (
        (await shop(`/api/search/products?q=${encodeURIComponent(q)}`, language)).json().hits as Array<{
          objectID: string
        }>
      ).map((h) => h.objectID)

    test('create, rename in de, move, reorder: the shopper tree follows at once', async () => {
      const garden = await create('Garden', 'Garten')
      const tools = await create('Tools', 'Werkzeug')
      assert.deepEqual(
        (await shopperTree()).map((c) => c.name),
        ['Garden', 'Tools'],
        'read once, so the cache holds it',
      )
      const spades = await create('Spades', 'Spaten', garden.id)
      assert.equal(spades.position, 0)
      let menu = await shopperTree('de')
      assert.deepEqual(
        menu[0]?.subcategories?.map((c) => [c.name, c.slug]),
        [['Spaten', 'spaten']],
      )

      const renamed = await call('PUT', `/api/owner/categories/${spades.id}/names`, {
        texts: names('Spades', 'Grabschaufeln & Spaten'),
      })
      assert.equal(renamed.statusCode, 200, renamed.body)
      menu = await shopperTree('de')
      assert.deepEqual(
        menu[0]?.subcategories?.map((c) => c.slug),
        ['grabschaufeln-spaten'],
      )

      const moved = await call('PUT', `/api/owner/categories/${spades.id}/place`, {
        parentId: tools.id,
        position: 0,
      })
      assert.equal(moved.statusCode, 200, moved.body)
      menu = await shopperTree()
      assert.deepEqual(menu.find((c) => c.id === garden.id)?.subcategories ?? [], [])
      assert.deepEqual(
        menu.find((c) => c.id === tools.id)?.subcategories?.map((c) => c.id),
        [spades.id],
      )
      const path = (await shop(`/api/catalogue/categories/${spades.id}`)).json().path as Array<{ id: string }>
      assert.deepEqual(
        path.map((p) => p.id),
        [tools.id, spades.id],
        'breadcrumbs follow the move',
      )

      const reordered = await call('PUT', `/api/owner/categories/${tools.id}/place`, {
        parentId: null,
        position: 0,
      })
      assert.equal(reordered.statusCode, 200, reordered.body)
      assert.deepEqual((await shopperTree()).map((c) => c.id).slice(0, 2), [tools.id, garden.id])
      const staffView = await tree()
      assert.deepEqual(
        staffView
          .filter((c) => c.parentId === null)
          .map((c) => [c.id, c.position])
          .slice(0, 2),
        [
          [tools.id, 0],
          [garden.id, 1],
        ],
      )
    })

    test('refused: cycles (409), unknown parents and missing languages (400 naming the field), unknown ids (404)', async () => {
      const top = await create('Kitchen', 'Küche')
      const mid = await create('Knives', 'Messer', top.id)
      const low = await create('Bread knives', 'Brotmesser', mid.id)
      const cycle = await call('PUT', `/api/owner/categories/${top.id}/place`, {
        parentId: low.id,
        position: 0,
      })
      assert.equal(cycle.statusCode, 409, cycle.body)
      assert.equal(cycle.json().type, 'category_cycle')
      assert.equal(cycle.json().details[0].field, 'body.parentId')
      const self = await call('PUT', `/api/owner/categories/${top.id}/place`, {
        parentId: top.id,
        position: 0,
      })
      assert.equal(self.statusCode, 409)
      const unknown = await call('PUT', `/api/owner/categories/${mid.id}/place`, {
        parentId: 'nope',
        position: 0,
      })
      assert.equal(unknown.statusCode, 400)
      assert.equal(unknown.json().details[0].field, 'body.parentId')
      const orphan = await call('POST', '/api/owner/categories', { parentId: 'nope', texts: names('A', 'B') })
      assert.equal(orphan.statusCode, 400)
      assert.equal(orphan.json().details[0].field, 'body.parentId')
      const english = await call('POST', '/api/owner/categories', {
        texts: [{ language: 'en', name: 'Only' }],
      })
      assert.equal(english.statusCode, 400)
      assert.ok(english.json().details.some((d: { type: string }) => d.type === 'missing_language'))
      const dots = await call('POST', '/api/owner/categories', { texts: names('...', 'Punkte') })
      assert.equal(dots.statusCode, 400)
      assert.equal(dots.json().details[0].field, 'body.texts.0.name')
      const blank = await call('POST', '/api/owner/categories', { texts: names('  ', 'x') })
      assert.equal(blank.statusCode, 400)
      assert.equal(
        (await call('PUT', '/api/owner/categories/nope/names', { texts: names('A', 'B') })).statusCode,
        404,
      )
      assert.equal((await call('DELETE', '/api/owner/categories/nope')).statusCode, 404)
      const parentDelete = await call('DELETE', `/api/owner/categories/${mid.id}`)
      assert.equal(parentDelete.statusCode, 409)
      assert.equal(parentDelete.json().type, 'category_has_children')
      const after = await tree()
      assert.equal(after.find((c) => c.id === low.id)?.parentId, mid.id, 'nothing changed')
      assert.equal(after.find((c) => c.id === top.id)?.parentId, null)
    })

    test('two crossing moves at the same moment: one is made, the other is a cycle (409), never a loop', async () => {
      const a = await create('North', 'Nord')
      const b = await create('South', 'Süd')
      const answers = await Promise.all([
        call('PUT', `/api/owner/categories/${a.id}/place`, { parentId: b.id, position: 0 }),
        call('PUT', `/api/owner/categories/${b.id}/place`, { parentId: a.id, position: 0 }),
      ])
      assert.deepEqual(
        answers.map((r) => r.statusCode).sort(),
        [200, 409],
        answers.map((r) => r.body).join('\n'),
      )
      const parents = new Map((await tree()).map((c) => [c.id, c.parentId]))
      assert.ok(parents.get(a.id) === null || parents.get(b.id) === null, 'one of them is still at the top')
    })

    test('products: assign, order, unassign; search finds them by the new category name in each language', async () => {
      const lamps = await create('Lamps', 'Leuchten')
      const desk = await create('Desk lamps', 'Schreibtischleuchten', lamps.id)
      const a = await newProduct(`LAMP-A-${engine}`, 'Brass arm')
      const b = await newProduct(`LAMP-B-${engine}`, 'Copper arm')
      const c = await newProduct(`LAMP-C-${engine}`, 'Steel arm')
      for (const id of [a, b, c]) {
        const res = await call('PUT', `/api/owner/categories/${desk.id}/products/${id}`, {})
        assert.equal(res.statusCode, 204, res.body)
      }
      const order = async () =>
        (await call('GET', `/api/owner/categories/${desk.id}/products`))
          .json()
          .items.map((p: { id: string }) => p.id)
      const shopOrder = async () =>
        (await shop(`/api/catalogue/categories/${desk.id}/assignments`))
          .json()
          .map((x: { ref: { id: string } }) => x.ref.id)
      assert.deepEqual(await order(), [a, b, c])
      assert.deepEqual(await shopOrder(), [a, b, c])
      assert.equal(
        (await call('PUT', `/api/owner/categories/${desk.id}/products/${c}`, { position: 0 })).statusCode,
        204,
      )
      assert.deepEqual(await order(), [c, a, b])
      assert.deepEqual(await shopOrder(), [c, a, b], 'the shopper sees the new order at once')
      assert.equal(
        (await call('PUT', `/api/owner/categories/${desk.id}/products/${c}`, { position: 9 })).statusCode,
        204,
      )
      assert.deepEqual(await order(), [a, b, c])

      assert.ok(
        (await searchIds('schreibtischleuchten', 'de')).includes(a),
        'indexed with its category in de',
      )
      assert.ok((await searchIds('leuchten', 'de')).includes(a), 'and with its parent')
      const renamed = await call('PUT', `/api/owner/categories/${lamps.id}/names`, {
        texts: names('Luminaires', 'Lampen'),
      })
      assert.equal(renamed.statusCode, 200)
      assert.ok(
        (await searchIds('luminaires')).includes(b),
        'the parent rename reaches its subcategory products',
      )
      assert.ok((await searchIds('lampen', 'de')).includes(b))
      assert.ok(!(await searchIds('leuchten', 'de')).includes(b), 'the old name no longer finds it')

      const mine = await call('GET', `/api/owner/products/${a}/categories?language=de`)
      assert.deepEqual(mine.json(), [{ id: desk.id, path: ['Lampen', 'Schreibtischleuchten'] }])

      assert.equal((await call('DELETE', `/api/owner/categories/${desk.id}/products/${a}`)).statusCode, 204)
      assert.deepEqual(await order(), [b, c])
      assert.deepEqual(await shopOrder(), [b, c])
      assert.ok(!(await searchIds('luminaires')).includes(a))
      assert.equal((await call('DELETE', `/api/owner/categories/${desk.id}/products/${a}`)).statusCode, 404)
      assert.equal((await call('PUT', `/api/owner/categories/${desk.id}/products/nope`, {})).statusCode, 404)
      assert.equal((await tree()).find((x) => x.id === desk.id)?.productCount, 2)

      // Deleting a category without subcategories: its products leave it and stay in the shop.
      const deleted = await call('DELETE', `/api/owner/categories/${desk.id}`)
      assert.equal(deleted.statusCode, 204, deleted.body)
      assert.equal((await shop(`/api/catalogue/categories/${desk.id}`)).statusCode, 404)
      assert.equal((await shop(`/api/catalogue/products/${b}`)).statusCode, 200)
      assert.ok(!(await searchIds('luminaires')).includes(b))
    })

    test('publish: an unpublished category leaves the menu, its page, search and the sitemap', async () => {
      const hidden = await create('Winter sale', 'Winterschlussverkauf')
      const p = await newProduct(`WINTER-${engine}`, 'Wool hat')
      await call('PUT', `/api/owner/categories/${hidden.id}/products/${p}`, {})
      const sitemap = async () => (await app.inject({ url: '/sitemap.xml' })).body
      assert.ok((await sitemap()).includes(`/c/winter-sale~${hidden.id}`))
      assert.ok((await searchIds('winterschlussverkauf', 'de')).includes(p))
      const off = await call('PUT', `/api/owner/categories/${hidden.id}/published`, { published: false })
      assert.equal(off.statusCode, 200, off.body)
      assert.equal(off.json().published, false)
      assert.ok(!(await shopperTree()).some((c) => c.id === hidden.id))
      assert.equal((await shop(`/api/catalogue/categories/${hidden.id}`)).statusCode, 404)
      assert.ok(!(await sitemap()).includes(hidden.id))
      assert.ok(!(await searchIds('winterschlussverkauf', 'de')).includes(p))
      await call('PUT', `/api/owner/categories/${hidden.id}/published`, { published: true })
      await call('PUT', `/api/owner/categories/${hidden.id}/names`, {
        texts: names('Winter deals', 'Winterangebote'),
      })
      const map = await sitemap()
      assert.ok(map.includes(`/c/winter-deals~${hidden.id}`), 'the sitemap lists the new name')
      assert.ok(map.includes(`/c/winterangebote~${hidden.id}?lang=de`))
      assert.ok(!map.includes('winter-sale'))
    })

    test('audit: who, what, before and after of each category write; the catalogue staff may not read it', async () => {
      const c = await create('Audited', 'Geprüft')
      await call('PUT', `/api/owner/categories/${c.id}/names`, { texts: names('Audited', 'Revidiert') })
      await call('PUT', `/api/owner/categories/${c.id}/published`, { published: false })
      const p = await newProduct(`AUD-${engine}`, 'Audit lamp')
      await call('PUT', `/api/owner/categories/${c.id}/products/${p}`, {})
      await call('DELETE', `/api/owner/categories/${c.id}`)
      assert.equal((await call('GET', `/api/owner/audit?entity=category&entityId=${c.id}`)).statusCode, 403)
      const log = await call('GET', `/api/owner/audit?entity=category&entityId=${c.id}`, undefined, owner)
      assert.equal(log.statusCode, 200, log.body)
      const entries = log.json() as Array<{
        action: string
        actor: { email: string }
        before: Snapshot | null
        after: Snapshot | null
      }>
      assert.deepEqual(
        entries.map((e) => e.action),
        ['delete', 'update', 'update', 'update', 'create'],
      )
      assert.ok(entries.every((e) => e.actor.email === staff.email))
      const [removal, assignment, publication, rename, creation] = entries
      assert.deepEqual(removal?.before?.productIds, [p])
      assert.equal(removal?.after, null)
      assert.deepEqual(assignment?.after?.product, { productId: p, position: 0 })
      assert.equal(publication?.before?.published, true)
      assert.equal(publication?.after?.published, false)
      assert.equal(rename?.before?.texts?.find((t) => t.language === 'de')?.name, 'Geprüft')
      assert.equal(rename?.after?.texts?.find((t) => t.language === 'de')?.name, 'Revidiert')
      assert.equal(creation?.before, null)
      // A refused write leaves no entry.
      const total = log.headers['x-total-count']
      await call('PUT', `/api/owner/categories/${c.id}/place`, { parentId: c.id, position: 0 })
      const again = await call('GET', `/api/owner/audit?entity=category&entityId=${c.id}`, undefined, owner)
      assert.equal(again.headers['x-total-count'], total)
    })
  })
}
