import { Link } from 'react-router'
import { useT } from '../../lib/shop.ts'

export interface Crumb {
  name: string
  to: string
}

/** Trail of links; the last crumb is the current page. */
export function Breadcrumb({ crumbs, current }: { crumbs: Crumb[]; current?: string }) {
  const t = useT()
  const items = current ? [...crumbs, { name: current, to: '' }] : crumbs
  return (
    <nav aria-label={t('BREADCRUMB')} className="breadcrumb">
      <ol>
        {items.map((crumb, i) => (
          <li key={`${crumb.to}-${crumb.name}`}>
            {i < items.length - 1 ? (
              <Link to={crumb.to}>{crumb.name}</Link>
            ) : (
              <span aria-current="page">{crumb.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}

/** schema.org BreadcrumbList as a meta descriptor (React Router renders it as a JSON-LD script). */
export function breadcrumbJsonLd(origin: string, crumbs: Crumb[]) {
  return {
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((crumb, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: crumb.name,
        item: `${origin}${crumb.to}`,
      })),
    },
  }
}
