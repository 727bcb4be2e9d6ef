import type { StaffCategory } from '@shop/contracts/backoffice-categories'
import type { AdminKey } from '../../i18n/admin.ts'
import { isApiError } from '../../lib/api.ts'

/** The names of a category form: one `name-<language>` field per site language, trimmed. */
export function readNames(form: FormData, languages: readonly string[]) {
  return languages.map((language) => ({ language, name: String(form.get(`name-${language}`) ?? '').trim() }))
}

/** The name of a category in the language (English, then any, when it has none). */
export function categoryName(category: Pick<StaffCategory, 'texts' | 'id'>, language: string): string {
  const { texts } = category
  return (
    (texts.find((t) => t.language === language) ?? texts.find((t) => t.language === 'en') ?? texts[0])
      ?.name ?? category.id
  )
}

export interface TreeNode extends StaffCategory {
  name: string
  children: TreeNode[]
}

/** The staff tree (flat, parents first) as nested nodes with their names in the language. */
export function nestTree(categories: readonly StaffCategory[], language: string): TreeNode[] {
  const nodes = new Map(
    categories.map((c) => [c.id, { ...c, name: categoryName(c, language), children: [] as TreeNode[] }]),
  )
  const roots: TreeNode[] = []
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  return roots
}

/** Every category with its path of names ("Garden › Spades"), depth first: the options of a parent select. */
export function pathOptions(
  roots: readonly TreeNode[],
): Array<{ id: string; label: string; node: TreeNode }> {
  const out: Array<{ id: string; label: string; node: TreeNode }> = []
  const walk = (nodes: readonly TreeNode[], prefix: string) => {
    for (const n of nodes) {
      const label = prefix ? `${prefix} › ${n.name}` : n.name
      out.push({ id: n.id, label, node: n })
      walk(n.children, label)
    }
  }
  walk(roots, '')
  return out
}

/** The ids of a node and everything below it (a category cannot move under these). */
export function subtreeIds(node: TreeNode): string[] {
  return [node.id, ...node.children.flatMap(subtreeIds)]
}

/** The message of a refused category write, or undefined when the failure is not one the form explains. */
export function categoryProblem(error: unknown): AdminKey | undefined {
  if (!isApiError(error)) return undefined
  if (error.body.type === 'category_cycle') return 'CATEGORY_CYCLE'
  if (error.body.type === 'category_has_children') return 'CATEGORY_HAS_CHILDREN'
  if (error.status === 404) return 'CATEGORY_NOT_FOUND'
  if (error.status === 400) return 'CATEGORY_INVALID'
  return undefined
}
