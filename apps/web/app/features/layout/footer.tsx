import { Link, useRouteLoaderData } from 'react-router'
import { translator } from '../../i18n/index.ts'
import type { ShopData } from '../../lib/shop.ts'
import { ALL_PRODUCTS_PATH } from '../../lib/slug.ts'

export function Footer() {
  const data = useRouteLoaderData('root') as ShopData | undefined
  const t = translator(data?.language ?? 'en')
  // the owner's phone (shop settings, docs/decisions/0067), else the catalogues' placeholder
  const phone = data?.site.contactPhone ?? t('CONTACT_PHONE')
  return (
    <footer className="footer">
      <div className="footer__inner container">
        <div>
          <p className="footer__brand">{t('SHOP_NAME')}</p>
          <p>
            {t('CONTACT_US')}: <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
          </p>
        </div>
        <nav aria-label={t('SHOP_NAME')}>
          <ul className="footer__links">
            <li>
              <Link to="/">{t('HOME')}</Link>
            </li>
            <li>
              <Link to={ALL_PRODUCTS_PATH}>{t('ALL_PRODUCTS')}</Link>
            </li>
          </ul>
        </nav>
        <p className="footer__note">{t('FOOTER_NOTE')}</p>
      </div>
    </footer>
  )
}
