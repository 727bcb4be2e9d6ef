/** A write refused by a unique constraint, on either engine (PostgreSQL 23505, SQLite's UNIQUE message). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  return code === '23505' || /UNIQUE constraint failed|duplicate key value/i.test(error.message)
}
