import { sql } from 'kysely'
import type { Db, Engine } from '../db/database.ts'

/**
 * Makes every write `on` (e.g. `insert on orders`, `update on card_tokens`) fail inside the database while
 * `condition` holds (SQL over `new`/`old`, default always), so the shop's real code path fails as a broken
 * database would. `name` names the trigger (unique per table). Returns the undo.
 */
export async function forceFailure(
  db: Db,
  engine: Engine,
  name: string,
  on: string,
  condition = 'true',
): Promise<() => Promise<void>> {
  if (engine === 'sqlite') {
    await sql
      .raw(
        `create trigger ${name} before ${on} for each row when ${condition} begin select raise(abort, 'forced failure'); end`,
      )
      .execute(db)
  } else {
    await sql
      .raw(
        `create or replace function forced_failure() returns trigger language plpgsql as $$ begin raise exception 'forced failure'; end $$`,
      )
      .execute(db)
    await sql
      .raw(
        `create trigger ${name} before ${on} for each row when (${condition}) execute function forced_failure()`,
      )
      .execute(db)
  }
  return async () => {
    await sql
      .raw(`drop trigger ${name}${engine === 'postgres' ? ` on ${on.split(' on ')[1]}` : ''}`)
      .execute(db)
  }
}
