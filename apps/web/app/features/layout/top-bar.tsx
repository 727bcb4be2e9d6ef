import { mediaThumbSrc } from '@shop/contracts/media'
import { Link, useLocation } from 'react-router'
import { useShop, useT } from '../../lib/shop.ts'
import { AccountMenu } from '../auth/account-menu.tsx'
import { CartToggle } from '../cart/cart-panel.tsx'
import { SearchBox } from '../search/search-box.tsx'
import { SiteSelector } from '../site/site-selector.tsx'
import { CategoryMenu } from './category-menu.tsx'

/** Sticky top bar: logo, category menu, site/language, cart (hidden on checkout and confirmation, spec §2). */
export function TopBar() {
  const t = useT()
  const { site } = useShop()
  const { pathname } = useLocation()
  const hideCart = pathname.startsWith('/checkout') || pathname.startsWith('/confirmation')
  return (
    <header className="top-bar">
      <div className="top-bar__inner container">
        <CategoryMenu />
        <Link to="/" className="logo">
          {site.logoUrl ? (
            // the owner's logo (shop settings, docs/decisions/0067), named as the text it replaces
            <img className="logo__image" src={mediaThumbSrc(site.logoUrl)} alt={t('SHOP_NAME')} height={32} />
          ) : (
            <>
              <span className="logo__mark" aria-hidden="true">
                ◆
              </span>
              <span className="logo__text">{t('SHOP_NAME')}</span>
            </>
          )}
        </Link>
        <SearchBox />
        <div className="top-bar__actions">
          <SiteSelector />
          <AccountMenu />
          {hideCart ? null : <CartToggle />}
        </div>
      </div>
    </header>
  )
}
