import type { Db } from '../db/database.ts'

/**
 * The handle with a plugin that counts the statements run through it, and through the handles made from it
 * (`withTables`, transactions). For tests that hold a read to a number of statements.
 */
export function countingStatements(db: Db): { db: Db; statements: () => number } {
  let statements = 0
  const view = db.withPlugin({
    transformQuery: (args) => args.node,
    // Called once per statement run (transformQuery also sees each subquery as it is built).
    transformResult: async (args) => {
      statements++
      return args.result
    },
  })
  return { db: view, statements: () => statements }
}
