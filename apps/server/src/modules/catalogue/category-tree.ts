import { type Category, categorySlug, type Media } from '@shop/contracts/catalogue'

export interface CategoryRecord {
  id: string
  parentId: string | null
  /** Localized name; empty when the category has none in the language nor in English. */
  name: string
  media: Media[]
}

export interface CategoryNode extends CategoryRecord {
  slug: string
  parent: CategoryNode | null
  children: CategoryNode[]
}

export interface CategoryTree {
  roots: CategoryNode[]
  byId: Map<string, CategoryNode>
}

/**
 * Builds the tree from records in display order. Nameless categories are dropped together with
 * their subtrees, and so are categories whose parent is missing (unpublished).
 */
export function buildCategoryTree(records: CategoryRecord[]): CategoryTree {
  const all = new Map<string, CategoryNode>()
  for (const r of records) all.set(r.id, { ...r, slug: categorySlug(r.name), parent: null, children: [] })
  const roots: CategoryNode[] = []
  for (const node of all.values()) {
    if (node.parentId === null) roots.push(node)
    else {
      const parent = all.get(node.parentId)
      if (parent) {
        node.parent = parent
        parent.children.push(node)
      }
    }
  }
  const byId = new Map<string, CategoryNode>()
  const keep = (nodes: CategoryNode[]): CategoryNode[] => {
    const named = nodes.filter((n) => n.name.trim() !== '')
    for (const n of named) {
      byId.set(n.id, n)
      n.children = keep(n.children)
    }
    return named
  }
  return { roots: keep(roots), byId }
}

/** The node and every node below it, depth first. */
export function subtreeIds(node: CategoryNode): string[] {
  return [node.id, ...node.children.flatMap(subtreeIds)]
}

/** The nodes of the whole tree, depth first, in display order. */
export function flatten(nodes: CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)])
}

export function toCategory(node: CategoryNode, withSubcategories: boolean): Category {
  const path: Category['path'] = []
  for (let n: CategoryNode | null = node; n; n = n.parent)
    path.unshift({ id: n.id, name: n.name, slug: n.slug })
  const category: Category = {
    id: node.id,
    name: node.name,
    slug: node.slug,
    parentId: node.parentId,
    path,
    media: node.media,
  }
  if (withSubcategories) category.subcategories = node.children.map((c) => toCategory(c, true))
  return category
}
