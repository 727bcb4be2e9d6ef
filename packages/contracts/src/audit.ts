import { z } from 'zod'
import { endpoint, errors } from './endpoint.ts'

/** One back-office write: who, when, what, and the entity before and after (docs/decisions/0045-audit-log.md). */
export const AuditEntrySchema = z
  .object({
    id: z.string(),
    at: z.string(),
    actor: z.object({ id: z.string(), email: z.string() }),
    entity: z.string(),
    entityId: z.string(),
    action: z.enum(['create', 'update', 'delete', 'stock']),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
  })
  .meta({ id: 'AuditEntry' })
export type AuditEntry = z.infer<typeof AuditEntrySchema>

export const AuditQuerySchema = z.object({
  entity: z.string().max(40).optional(),
  entityId: z.string().max(64).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
})

export const auditApi = {
  /** The audit log, newest first; the owner only (the catalogue staff may not read who did what). */
  ownerAudit: endpoint({
    method: 'GET',
    path: '/api/owner/audit',
    tags: ['owner'],
    security: 'bearer',
    query: AuditQuerySchema,
    responses: { 200: z.array(AuditEntrySchema), ...errors(400, 401, 403) },
    paged: true,
  }),
}
