import type { Category } from '@shop/contracts/catalogue'
import { useEffect, useRef, useState } from 'react'
import { NavLink, useLocation } from 'react-router'
import { useShop, useT } from '../../lib/shop.ts'
import { ALL_PRODUCTS_PATH, categoryPath } from '../../lib/slug.ts'
import { useHoverOpen } from './hover-open.ts'

/** Behaviour notes: navigation goes down to three levels. */
const MAX_DEPTH = 3

/**
 * The category tree (up to three levels): a row of drop-downs on wide screens; below that, the Menu button
 * opens a drawer that is a modal <dialog> (focus stays inside, Escape and the close button close it).
 */
export function CategoryMenu() {
  const t = useT()
  const { pathname } = useLocation()
  const [open, setOpen] = useState(false)
  const drawer = useRef<HTMLDialogElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a route change closes the drawer
  useEffect(() => setOpen(false), [pathname])
  useEffect(() => {
    const dialog = drawer.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <div className="menu">
      <button
        type="button"
        className="menu__toggle button button--ghost"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
          <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
        </svg>
        <span>{t('MENU')}</span>
      </button>
      <nav className="menu__bar" aria-label={t('MAIN_MENU')} key={pathname}>
        <MenuTree />
      </nav>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Escape, which the native dialog handles */}
      <dialog
        ref={drawer}
        className="menu-drawer"
        aria-label={t('MAIN_MENU')}
        onClose={() => setOpen(false)}
        onClick={(event) => {
          // A click on the backdrop (the dialog box itself, outside its content) closes the drawer.
          if (event.target === event.currentTarget) setOpen(false)
        }}
      >
        <div className="menu-drawer__inner">
          <div className="menu-drawer__header">
            <span className="menu-drawer__title">{t('MENU')}</span>
            <button
              type="button"
              className="button button--icon button--ghost"
              aria-label={t('CLOSE_MENU')}
              onClick={() => setOpen(false)}
            >
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
                <path
                  fill="currentColor"
                  d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6z"
                />
              </svg>
            </button>
          </div>
          {open ? (
            <nav aria-label={t('MAIN_MENU')}>
              <MenuTree />
            </nav>
          ) : null}
        </div>
      </dialog>
    </div>
  )
}

function MenuTree() {
  const { categories } = useShop()
  const t = useT()
  const { pathname } = useLocation()
  // "Arriving from all products" (spec §2 breadcrumb) is remembered in the history entry of the next page.
  const state = pathname === ALL_PRODUCTS_PATH ? { from: 'all' } : undefined
  return (
    <ul className="menu__list">
      <li>
        <NavLink className="menu__link" to={ALL_PRODUCTS_PATH}>
          {t('ALL_PRODUCTS')}
        </NavLink>
      </li>
      {categories
        .filter((c) => c.name)
        .map((category) => (
          <CategoryItem key={category.id} category={category} depth={1} state={state} />
        ))}
    </ul>
  )
}

function CategoryItem({
  category,
  depth,
  state,
}: {
  category: Category
  depth: number
  state: { from: string } | undefined
}) {
  const children = depth < MAX_DEPTH ? (category.subcategories ?? []).filter((c) => c.name) : []
  const hover = useHoverOpen()
  if (children.length === 0) {
    return (
      <li>
        <NavLink className="menu__link" to={categoryPath(category)} state={state}>
          {category.name}
        </NavLink>
      </li>
    )
  }
  return (
    <li className="menu__group">
      <details className="submenu" ref={depth === 1 ? hover : undefined}>
        <summary className="menu__link">{category.name}</summary>
        <ul className="submenu__list">
          <li>
            <NavLink className="menu__link menu__link--all" to={categoryPath(category)} state={state} end>
              {category.name}
            </NavLink>
          </li>
          {children.map((child) => (
            <CategoryItem key={child.id} category={child} depth={depth + 1} state={state} />
          ))}
        </ul>
      </details>
    </li>
  )
}
