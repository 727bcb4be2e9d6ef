import { data, redirect, useActionData, useLoaderData } from 'react-router'
import { categoryProblem, nestTree, readNames } from '../../features/admin/category-form.ts'
import { CategoryTreeView } from '../../features/admin/category-tree-view.tsx'
import { adminMeta } from '../../features/admin/meta.ts'
import { adminReturnTo, asStaff } from '../../features/admin/staff.server.ts'
import { adminTranslator } from '../../i18n/admin.ts'
import { getSession } from '../../lib/context.server.ts'
import type { Route } from './+types/categories'

export const meta: Route.MetaFunction = adminMeta

/** The category tree (docs/decisions/0049-staff-categories.md): every write is a plain form posted here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const tree = await asStaff(request, () => session.api.staffCategoryTree())
  const t = adminTranslator(session.language)
  return {
    roots: nestTree(tree.categories, session.language),
    languages: tree.languages.length > 0 ? tree.languages : ['en'],
    language: session.language,
    saved: new URL(request.url).searchParams.get('saved'),
    title: `${t('CATEGORIES')} – ${t('ADMIN')}`,
  }
}

const text = (form: FormData, key: string) => String(form.get(key) ?? '')
const orNull = (value: string) => (value === '' ? null : value)

/**
 * One write per post, by `intent`: create, rename, place (move and reorder), publish, delete, and assign (the
 * product form's "add to category", which returns to `returnTo`). Refusals come back as a message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const form = await request.formData()
  const intent = text(form, 'intent')
  const id = text(form, 'categoryId')
  const languages = [...new Set(session.sites.flatMap((s) => s.languages))]
  try {
    await asStaff(request, async () => {
      if (intent === 'create')
        await session.api.createCategory({
          parentId: orNull(text(form, 'parentId')),
          texts: readNames(form, languages),
          published: true,
        })
      else if (intent === 'rename') await session.api.renameCategory(id, readNames(form, languages))
      else if (intent === 'place')
        await session.api.placeCategory(id, {
          parentId: orNull(text(form, 'parentId')),
          position: Math.max(0, Number.parseInt(text(form, 'position'), 10) || 0),
        })
      else if (intent === 'publish') await session.api.publishCategory(id, text(form, 'published') === 'true')
      else if (intent === 'delete') await session.api.deleteCategory(id)
      else if (intent === 'assign') await session.api.assignProduct(id, text(form, 'productId'))
      else throw data(null, 400)
    })
  } catch (error) {
    const problem = categoryProblem(error)
    if (problem) return data({ problem, categoryId: id }, 400)
    throw error
  }
  if (intent === 'assign') throw redirect(adminReturnTo(text(form, 'returnTo')))
  // Back to the same place in the tree: the changed category keeps the focus target.
  throw redirect(`/admin/categories?saved=${encodeURIComponent(intent === 'delete' ? '' : id || 'new')}`)
}

export default function AdminCategories() {
  const loaded = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const t = adminTranslator(loaded.language)
  return (
    <>
      <h1>{t('CATEGORIES')}</h1>
      {result?.problem ? (
        <p role="alert" className="admin-alert">
          {t(result.problem)}
        </p>
      ) : loaded.saved !== null ? (
        <p role="status" className="admin-notice">
          {t('CATEGORY_SAVED')}
        </p>
      ) : null}
      <CategoryTreeView {...loaded} />
    </>
  )
}
