import { mediaSrcSet } from '@shop/contracts/media'
import { redirect } from 'react-router'
import { BannerLink, Carousel, type Slide } from '../features/catalogue/carousel.tsx'
import { getSession } from '../lib/context.server.ts'
import { metaT, pageTitle, rootData, seoMeta } from '../lib/meta.ts'
import { shopName, useShop, useT } from '../lib/shop.ts'
import { ALL_PRODUCTS_PATH } from '../lib/slug.ts'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches)
  const root = rootData(matches)
  const description = t('HOME_DESCRIPTION')
  return [
    { title: pageTitle(matches, t('HOME_TITLE')) },
    { name: 'description', content: description },
    ...seoMeta(root, { path: '/', title: shopName(root), description, type: 'website' }),
  ]
}

/** Spec §2 base.home: slides and two banners from the site's mixins; no banner images → all products. */
export async function loader({ context }: Route.LoaderArgs) {
  const { site, language } = getSession(context)
  const content = site.mixins?.siteContentDetails
  const banners = [content?.banner1, content?.banner2].flatMap((b) =>
    b?.imageUrl ? [{ imageUrl: b.imageUrl, link: b.link, alt: b.alt?.[language] ?? b.alt?.en ?? '' }] : [],
  )
  if (banners.length === 0) throw redirect(ALL_PRODUCTS_PATH)
  const slides: Slide[] = (content?.topImages ?? []).map((image) => ({
    large: image.large.imageUrl,
    small: image.small.imageUrl,
    alt: image.alt?.[language] ?? image.alt?.en ?? '',
    link: image.link,
  }))
  return { slides, banners }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const shop = useShop()
  return (
    <>
      <h1 className="visually-hidden">{shopName(shop)}</h1>
      <div className="container home">
        <Carousel slides={loaderData.slides} />
        <div className="banners">
          {loaderData.banners.map((banner, i) => {
            const image = (
              <img
                className="banner__img"
                src={banner.imageUrl}
                srcSet={mediaSrcSet(banner.imageUrl, 'webp')}
                sizes="(min-width: 768px) 600px, 100vw"
                alt={banner.alt}
                loading="lazy"
              />
            )
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: exactly two fixed banners
              <div key={i} className="banner">
                {banner.link ? (
                  <BannerLink to={banner.link} label={banner.alt ? undefined : t('BANNER_N', { n: i + 1 })}>
                    {image}
                  </BannerLink>
                ) : (
                  image
                )}
              </div>
            )
          })}
        </div>
      </div>
    </>
  )
}
