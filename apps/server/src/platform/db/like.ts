/**
 * A text as the literal part of a LIKE pattern: `\`, `%` and `_` escaped with a backslash, for statements that
 * say `escape '\'` (SQLite has no default escape character; PostgreSQL's is the backslash).
 */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)
