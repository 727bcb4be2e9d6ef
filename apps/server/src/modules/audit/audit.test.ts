import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { StaffPrincipal } from '../../platform/auth/staff.ts'
import { createTestDatabase, testEngines } from '../../platform/testing/test-db.ts'
import { type AuditRecord, listAudit, recordAudits } from './audit.service.ts'

const staff: StaffPrincipal = { sessionId: 's', customerId: 'c-1', email: 'ann@example.com', role: 'owner' }

/** Many entries at once (a CSV import's chunk) read back as written, one per record. */
for (const { engine, skip } of testEngines()) {
  describe(`the audit log's batch write on ${engine}`, { skip }, async () => {
    const { db } = await createTestDatabase(engine)

    test('records many entries in bulk statements, each read back whole', async () => {
      const records: AuditRecord[] = Array.from({ length: 1203 }, (_, i) => ({
        entity: 'product',
        entityId: `p-${String(i).padStart(4, '0')}`,
        action: i % 2 ? 'update' : 'create',
        before: i % 2 ? { name: 'Lamp "old"', price: i, tags: ['a', 'ü'] } : null,
        after: { name: `Lampe ${i} – 'neu'\n`, stock: i, nested: { on: true, none: null } },
      }))
      await recordAudits(db, staff, records)
      const { items, total } = await listAudit(db, { entity: 'product', page: 1, pageSize: 2000 })
      assert.equal(total, records.length)
      const byId = new Map(items.map((e) => [e.entityId, e]))
      for (const record of records) {
        const entry = byId.get(record.entityId)
        assert.ok(entry, record.entityId)
        assert.equal(entry.action, record.action)
        assert.deepEqual(entry.actor, { id: 'c-1', email: 'ann@example.com' })
        assert.deepEqual(entry.before, record.before)
        assert.deepEqual(entry.after, record.after)
      }
    })
  })
}
