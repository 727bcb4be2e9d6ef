import { Form, Link } from 'react-router'
import { type AdminKey, type AdminTranslate, adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { SelectField } from '../../ui/form/select-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { pathOptions, subtreeIds, type TreeNode } from './category-form.ts'

interface ViewProps {
  roots: TreeNode[]
  languages: string[]
  language: Language
}

/**
 * The category tree as nested lists: per category its page (products), move up and down among its siblings,
 * publish or hide, delete, and behind "Edit" its names per language, another parent and a new subcategory.
 * Every control is a button of a plain form, so it works by keyboard and before hydration.
 */
export function CategoryTreeView({ roots, languages, language }: ViewProps) {
  const t = adminTranslator(language)
  const options = pathOptions(roots)
  return (
    <>
      <section aria-labelledby="new-category" className="admin-section">
        <h2 id="new-category">{t('NEW_CATEGORY')}</h2>
        <Form method="post" className="admin-form">
          <input type="hidden" name="intent" value="create" />
          <NameFields t={t} languages={languages} />
          <SelectField name="parentId" label={t('FIELD_PARENT')} defaultValue="">
            <option value="">{t('TOP_LEVEL')}</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </SelectField>
          <div>
            <button type="submit" className="button button--primary">
              {t('ADD_CATEGORY')}
            </button>
          </div>
        </Form>
      </section>
      <section aria-labelledby="category-tree" className="admin-section">
        <h2 id="category-tree">{t('CATEGORY_TREE')}</h2>
        {roots.length === 0 ? (
          <p>{t('NO_CATEGORIES')}</p>
        ) : (
          <Branch nodes={roots} t={t} languages={languages} options={options} />
        )}
      </section>
    </>
  )
}

function NameFields({ t, languages, node }: { t: AdminTranslate; languages: string[]; node?: TreeNode }) {
  return languages.map((lang) => (
    <TextField
      key={lang}
      name={`name-${lang}`}
      label={t('FIELD_NAME', { language: t(`LANGUAGE_${lang}` as AdminKey) ?? lang })}
      defaultValue={node?.texts.find((x) => x.language === lang)?.name}
      maxLength={100}
    />
  ))
}

function Branch({
  nodes,
  t,
  languages,
  options,
}: {
  nodes: TreeNode[]
  t: AdminTranslate
  languages: string[]
  options: ReturnType<typeof pathOptions>
}) {
  return (
    <ul className="admin-tree">
      {nodes.map((node, index) => (
        <li key={node.id}>
          <div className="admin-tree__row">
            <Link to={`/admin/categories/${encodeURIComponent(node.id)}`} className="admin-tree__name">
              {node.name}
            </Link>
            <span>
              {node.published ? t('PUBLISHED') : t('HIDDEN')} ·{' '}
              {t('CATEGORY_PRODUCT_COUNT', { count: node.productCount })}
            </span>
            <span className="admin-tree__actions">
              <Post
                intent="place"
                node={node}
                fields={{ parentId: node.parentId ?? '', position: index - 1 }}
              >
                <button
                  type="submit"
                  className="button"
                  disabled={index === 0}
                  aria-label={t('MOVE_UP_NAMED', { name: node.name })}
                >
                  {t('MOVE_UP')}
                </button>
              </Post>
              <Post
                intent="place"
                node={node}
                fields={{ parentId: node.parentId ?? '', position: index + 1 }}
              >
                <button
                  type="submit"
                  className="button"
                  disabled={index === nodes.length - 1}
                  aria-label={t('MOVE_DOWN_NAMED', { name: node.name })}
                >
                  {t('MOVE_DOWN')}
                </button>
              </Post>
              <Post intent="publish" node={node} fields={{ published: String(!node.published) }}>
                <button
                  type="submit"
                  className="button"
                  aria-label={t(node.published ? 'UNPUBLISH_NAMED' : 'PUBLISH_NAMED', { name: node.name })}
                >
                  {t(node.published ? 'UNPUBLISH' : 'PUBLISH')}
                </button>
              </Post>
              <Post intent="delete" node={node} fields={{}}>
                <button type="submit" className="button" aria-label={t('DELETE_NAMED', { name: node.name })}>
                  {t('DELETE')}
                </button>
              </Post>
            </span>
          </div>
          <details className="admin-tree__edit">
            <summary>{t('EDIT_CATEGORY', { name: node.name })}</summary>
            <Form method="post" className="admin-form">
              <input type="hidden" name="intent" value="rename" />
              <input type="hidden" name="categoryId" value={node.id} />
              <NameFields t={t} languages={languages} node={node} />
              <div>
                <button type="submit" className="button button--primary">
                  {t('RENAME')}
                </button>
              </div>
            </Form>
            <MoveForm node={node} t={t} options={options} />
            <Form method="post" className="admin-form">
              <input type="hidden" name="intent" value="create" />
              <input type="hidden" name="parentId" value={node.id} />
              <p className="admin-form__title">{t('NEW_SUBCATEGORY_OF', { name: node.name })}</p>
              <NameFields t={t} languages={languages} />
              <div>
                <button type="submit" className="button">
                  {t('ADD_SUBCATEGORY')}
                </button>
              </div>
            </Form>
          </details>
          {node.children.length > 0 ? (
            <Branch nodes={node.children} t={t} languages={languages} options={options} />
          ) : null}
        </li>
      ))}
    </ul>
  )
}

function MoveForm({
  node,
  t,
  options,
}: {
  node: TreeNode
  t: AdminTranslate
  options: ReturnType<typeof pathOptions>
}) {
  const inside = new Set(subtreeIds(node))
  return (
    <Form method="post" className="admin-form">
      <input type="hidden" name="intent" value="place" />
      <input type="hidden" name="categoryId" value={node.id} />
      <input type="hidden" name="position" value="100000" />
      <SelectField
        name="parentId"
        label={t('MOVE_TO', { name: node.name })}
        defaultValue={node.parentId ?? ''}
      >
        <option value="">{t('TOP_LEVEL')}</option>
        {options
          .filter((o) => !inside.has(o.id))
          .map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
      </SelectField>
      <div>
        <button type="submit" className="button">
          {t('MOVE')}
        </button>
      </div>
    </Form>
  )
}

/** A one-button form posting `intent` for the category with the given hidden fields. */
function Post({
  intent,
  node,
  fields,
  children,
}: {
  intent: string
  node: TreeNode
  fields: Record<string, string | number>
  children: React.ReactNode
}) {
  return (
    <Form method="post" className="admin-inline-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="categoryId" value={node.id} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  )
}
