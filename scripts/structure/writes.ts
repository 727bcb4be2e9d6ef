/**
 * Table writes of one source file: Kysely's `insertInto('t')`, `updateTable('t')`, `deleteFrom('t')`,
 * `replaceInto('t')`, `mergeInto('t')`, and raw SQL (`sql` templates, `sql.raw('…')`) that inserts into,
 * updates or deletes from a table. A table given by `sql.table(x)` or a variable is read from the string
 * constants it comes from; a write whose table cannot be read is dynamic and must be declared by a comment
 * in its file: `// writes: table_a, table_b`.
 */
import ts from 'typescript'

export interface WriteFact {
  table: string
  line: number
}

export interface FileWrites {
  writes: WriteFact[]
  /** Lines of writes whose table could not be read from the code. */
  dynamic: number[]
  /** The tables a `// writes:` comment declares, if the file has one. */
  declared: WriteFact[]
}

const KYSELY_WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto'])
/** `do update` and `for update` (upserts, row locks) write nothing by themselves. */
const SQL_WRITE =
  /(?<![\w.])(?<!\b(?:do|for|key|on)\s+)(?:insert\s+(?:or\s+\w+\s+)?into|replace\s+into|merge\s+into|update|delete\s+from)\s+(?:only\s+)?("[^"]+"|[\w.]+|⟦\d+⟧)/gi
const DECLARED = /\/\/\s*writes:\s*([\w., \t]+)/g

export function collectWrites(file: ts.SourceFile): FileWrites {
  const result: FileWrites = { writes: [], dynamic: [], declared: [] }
  const lineOf = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1
  const add = (tables: string[] | undefined, node: ts.Node) => {
    if (!tables?.length) result.dynamic.push(lineOf(node))
    else for (const table of tables) result.writes.push({ table: tableName(table), line: lineOf(node) })
  }
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text
      const argument = node.arguments[0]
      if (KYSELY_WRITES.has(method) && argument) add(stringValues(argument), node.expression.name)
      if (method === 'raw' && isSqlTag(node.expression.expression) && argument) {
        const text = stringValues(argument)
        if (text?.length === 1) for (const table of sqlWrites(text[0] ?? '', [])) add(table, node)
      }
    }
    if (ts.isTaggedTemplateExpression(node) && isSqlTag(node.tag)) {
      for (const tables of templateWrites(node.template)) add(tables, node)
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  for (const match of file.text.matchAll(DECLARED)) {
    const line = file.getLineAndCharacterOfPosition(match.index).line + 1
    for (const table of (match[1] ?? '').split(',')) {
      if (table.trim()) result.declared.push({ table: table.trim(), line })
    }
  }
  return result
}

function isSqlTag(node: ts.Node): boolean {
  return ts.isIdentifier(node) && node.text === 'sql'
}

/** `'carts as c'` → `carts`; `public.orders` → `orders`; quotes dropped. */
function tableName(text: string): string {
  const first = text.trim().split(/\s+/)[0] ?? ''
  return (first.split('.').pop() ?? first).replace(/"/g, '')
}

/** The tables each write of a `sql` template touches; an empty list for a table that cannot be read. */
function templateWrites(template: ts.TemplateLiteral): string[][] {
  if (ts.isNoSubstitutionTemplateLiteral(template)) return sqlWrites(template.text, [])
  const substitutions: string[][] = []
  let text = template.head.text
  for (const span of template.templateSpans) {
    const tables = tableValues(span.expression)
    text += `⟦${substitutions.length}⟧${span.literal.text}`
    substitutions.push(tables ?? [])
  }
  return sqlWrites(text, substitutions)
}

function sqlWrites(text: string, substitutions: string[][]): string[][] {
  const found: string[][] = []
  for (const match of text.matchAll(SQL_WRITE)) {
    const target = match[1] ?? ''
    const index = /^⟦(\d+)⟧$/.exec(target)
    found.push(index ? (substitutions[Number(index[1])] ?? []) : [target])
  }
  return found
}

/** A table given to a template: `sql.table(x)`, `sql.id(x)` or `sql.raw(x)` with x readable as strings. */
function tableValues(expression: ts.Expression): string[] | undefined {
  const node = unwrap(expression)
  if (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    isSqlTag(node.expression.expression) &&
    ['table', 'id', 'raw'].includes(node.expression.name.text) &&
    node.arguments[0]
  ) {
    return stringValues(node.arguments[0])
  }
  return undefined
}

/** The string values an expression can have, when they are constants of the file; else undefined. */
export function stringValues(expression: ts.Expression, depth = 0): string[] | undefined {
  const node = unwrap(expression)
  if (depth > 8) return undefined
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text]
  if (ts.isConditionalExpression(node)) return both(node.whenTrue, node.whenFalse, depth)
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) {
    return both(node.left, node.right, depth)
  }
  if (ts.isArrayLiteralExpression(node)) {
    const parts = node.elements.map((element) => stringValues(element, depth + 1))
    return parts.every((part) => part) ? parts.flatMap((part) => part ?? []) : undefined
  }
  if (ts.isIdentifier(node)) {
    const initializer = constInitializer(node)
    return initializer ? stringValues(initializer, depth + 1) : undefined
  }
  return undefined
}

function both(a: ts.Expression, b: ts.Expression, depth: number): string[] | undefined {
  const left = stringValues(a, depth + 1)
  const right = stringValues(b, depth + 1)
  return left && right ? [...left, ...right] : undefined
}

function unwrap(node: ts.Expression): ts.Expression {
  let current = node
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isNonNullExpression(current) ||
    ts.isTypeAssertionExpression(current)
  ) {
    current = current.expression
  }
  return current
}

/** The initializer of the nearest `const <name> = …` in an enclosing block of the identifier. */
function constInitializer(identifier: ts.Identifier): ts.Expression | undefined {
  for (let scope: ts.Node | undefined = identifier.parent; scope; scope = scope.parent) {
    if (!ts.isBlock(scope) && !ts.isSourceFile(scope) && !ts.isModuleBlock(scope)) continue
    for (const statement of scope.statements) {
      if (!ts.isVariableStatement(statement)) continue
      if (!(statement.declarationList.flags & ts.NodeFlags.Const)) continue
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === identifier.text) {
          return declaration.initializer
        }
      }
    }
  }
  return undefined
}
