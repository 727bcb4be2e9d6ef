/**
 * What the structure check needs to know of one file, read with the TypeScript parser: its imports
 * (type-only and dynamic ones included), its table writes, the length of each function and the string
 * literals that hold an API path.
 */
import ts from 'typescript'
import { collectWrites, type FileWrites } from './writes.ts'

export interface ImportFact {
  specifier: string
  line: number
}

export interface FunctionFact {
  name: string
  line: number
  lines: number
}

export interface FileFacts extends FileWrites {
  path: string
  lines: number
  imports: ImportFact[]
  functions: FunctionFact[]
  /** String and template literals (import specifiers aside) that contain `/api/`. */
  apiStrings: Array<{ line: number; text: string }>
}

export function countLines(text: string): number {
  if (!text) return 0
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}

export function readFacts(path: string, text: string): FileFacts {
  const lines = countLines(text)
  if (!/\.tsx?$/.test(path)) {
    return { path, lines, imports: [], functions: [], apiStrings: [], writes: [], dynamic: [], declared: [] }
  }
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind)
  const facts: FileFacts = { path, lines, imports: [], functions: [], apiStrings: [], ...collectWrites(file) }
  const lineOf = (position: number) => file.getLineAndCharacterOfPosition(position).line + 1
  const visit = (node: ts.Node): void => {
    const specifier = moduleSpecifier(node)
    if (specifier) facts.imports.push({ specifier: specifier.text, line: lineOf(node.getStart(file)) })
    if (isFunctionLike(node) && node.body) {
      const start = lineOf(node.getStart(file))
      facts.functions.push({
        name: functionName(node),
        line: start,
        lines: lineOf(node.getEnd()) - start + 1,
      })
    }
    const text = literalText(node)
    if (text?.includes('/api/') && !isModuleSpecifier(node)) {
      facts.apiStrings.push({ line: lineOf(node.getStart(file)), text })
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return facts
}

/** The specifier of an import or re-export, `import x = require('…')`, `import('…')` or `import('…').T`. */
function moduleSpecifier(node: ts.Node): ts.StringLiteral | undefined {
  let candidate: ts.Node | undefined
  if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) candidate = node.moduleSpecifier
  else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
    candidate = node.moduleReference.expression
  } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
    candidate = node.arguments[0]
  } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
    candidate = node.argument.literal
  }
  return candidate && ts.isStringLiteral(candidate) ? candidate : undefined
}

function isModuleSpecifier(node: ts.Node): boolean {
  const parent = node.parent
  if (!parent) return false
  return (
    moduleSpecifier(parent) === node ||
    (parent.parent !== undefined && moduleSpecifier(parent.parent) === node)
  )
}

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.MethodDeclaration
  | ts.ArrowFunction
  | ts.FunctionExpression
  | ts.ConstructorDeclaration
  | ts.AccessorDeclaration

function isFunctionLike(node: ts.Node): node is FunctionNode {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  )
}

/** The function's own name, else the name it is assigned to, else `(anonymous)`. */
function functionName(node: FunctionNode): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor'
  if (node.name && !ts.isComputedPropertyName(node.name)) return node.name.text
  const parent = node.parent
  if (
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent)) &&
    !ts.isComputedPropertyName(parent.name) &&
    !ts.isObjectBindingPattern(parent.name) &&
    !ts.isArrayBindingPattern(parent.name)
  ) {
    return parent.name.text
  }
  for (let outer: ts.Node | undefined = parent; outer; outer = outer.parent) {
    if (isFunctionLike(outer)) return `(anonymous in ${functionName(outer)})`
  }
  return '(anonymous)'
}

function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => `\${…}${span.literal.text}`).join('')
  }
  return undefined
}
