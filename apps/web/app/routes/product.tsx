import type { Category, Variant } from '@shop/contracts/catalogue'
import { useMemo, useState } from 'react'
import { data, redirect, useLocation } from 'react-router'
import { Breadcrumb, breadcrumbJsonLd, type Crumb } from '../features/catalogue/breadcrumb.tsx'
import { FeesList } from '../features/catalogue/fees.tsx'
import { Gallery } from '../features/catalogue/gallery.tsx'
import { ProductTabs } from '../features/catalogue/product-tabs.tsx'
import { Purchase } from '../features/catalogue/purchase.tsx'
import { purchaseState } from '../features/catalogue/purchase-state.ts'
import { ShippingRates } from '../features/catalogue/shipping-rates.tsx'
import { specRows } from '../features/catalogue/specifications.ts'
import { VariantOptions } from '../features/catalogue/variant-options.tsx'
import { activeVariant, selectionOf, selectorsOf } from '../features/catalogue/variant-selection.ts'
import { TaxLabel } from '../features/site/tax-label.tsx'
import type { ItemFee } from '../lib/api/browse.ts'
import { isApiError } from '../lib/api.ts'
import { getSession, type ShopSession } from '../lib/context.server.ts'
import { metaT, pageTitle, rootData, seoMeta } from '../lib/meta.ts'
import { useShop, useT } from '../lib/shop.ts'
import {
  ALL_PRODUCTS_PATH,
  categoryPath,
  idFromSegment,
  isCanonicalSegment,
  localizedPaths,
  productPath,
  productSegment,
} from '../lib/slug.ts'
import { ProductPrice } from '../ui/price.tsx'
import { mainImageUrl } from '../ui/product-image.tsx'
import type { Route } from './+types/product'

/** Spec §2 base.product.detail at `/p/<slug>~<id>`; a stale slug is redirected to the current one. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { api, site } = getSession(context)
  const id = idFromSegment(params.productName)
  if (!id) throw data(null, 404)
  const product = await api.product(id).catch((error: unknown) => {
    throw isApiError(error, 404) ? data(null, 404) : error
  })
  if (!isCanonicalSegment(params.productName, productSegment(product)))
    throw redirect(`${productPath(product)}${new URL(request.url).search}`, 301)
  const variants: Variant[] = product.hasVariants ? await withPrices(api, site.currency, product.id) : []
  // Everything else is optional decoration: a failure (or a service not deployed yet) shows nothing.
  const [zones, fees, specMetadata, category] = await Promise.all([
    api.shippingZones(site.code).catch(() => []),
    api
      .itemFees([product.yrn, ...variants.map((v) => v.yrn)].slice(0, 100), site.code)
      .catch(() => [] as Array<{ itemYrn: string; fees: ItemFee[] }>),
    product.mixins.specification ? api.schemaMetadata('specification').catch(() => null) : null,
    product.categories[0] ? api.category(product.categories[0]).catch(() => null) : null,
  ])
  return {
    product,
    variants,
    zones,
    fees: Object.fromEntries(fees.map((f) => [f.itemYrn, f.fees])) as Record<string, ItemFee[]>,
    specMetadata,
    categoryPath: (category as Category | null)?.path ?? [],
    url: productPath(product),
    urls: localizedPaths('p', product.id, product.slugs),
  }
}

/** Variants with their own prices: embedded when the API sends them, else from the price service. */
async function withPrices(api: ShopSession['api'], currency: string, productId: string): Promise<Variant[]> {
  const variants = await api.variants(productId)
  if (variants.every((v) => v.prices?.length)) return variants
  const prices = await api.prices(currency, [productId]).catch(() => [])
  return variants.map((v) =>
    v.prices?.length ? v : { ...v, prices: prices.filter((p) => p.variantId === v.id) },
  )
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches)
  const root = rootData(matches)
  if (!loaderData) return [{ title: pageTitle(matches, t('ERROR_404_TITLE')) }]
  const { product } = loaderData
  const price = product.prices?.[0] ?? product.priceRange?.minPrice
  const description = product.description.slice(0, 160) || product.name
  const image = mainImageUrl(product.media)
  const origin = root?.origin ?? ''
  const crumbs = loaderData.categoryPath.map((c) => ({ name: c.name, to: categoryPath(c) }))
  return [
    { title: pageTitle(matches, product.name) },
    { name: 'description', content: description },
    ...seoMeta(root, {
      path: loaderData.url,
      paths: loaderData.urls,
      title: product.name,
      description,
      type: 'product',
      image,
    }),
    ...(price
      ? [
          { property: 'product:price:amount', content: price.effectiveAmount.toFixed(2) },
          { property: 'product:price:currency', content: price.currency },
        ]
      : []),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        sku: product.code,
        description,
        url: `${origin}${loaderData.url}`,
        ...(image ? { image: `${origin}${image}` } : {}),
        ...(product.priceRange && !product.priceRange.singlePrice
          ? {
              offers: {
                '@type': 'AggregateOffer',
                lowPrice: product.priceRange.minPrice.effectiveAmount,
                highPrice: product.priceRange.maxPrice.effectiveAmount,
                priceCurrency: product.priceRange.minPrice.currency,
                offerCount: loaderData.variants.length,
                availability: `https://schema.org/${product.inStock ? 'InStock' : 'OutOfStock'}`,
              },
            }
          : price
            ? {
                offers: {
                  '@type': 'Offer',
                  price: price.effectiveAmount,
                  priceCurrency: price.currency,
                  availability: `https://schema.org/${product.inStock ? 'InStock' : 'OutOfStock'}`,
                  url: `${origin}${loaderData.url}`,
                },
              }
            : {}),
      },
    },
    ...(crumbs.length
      ? [breadcrumbJsonLd(origin, [...crumbs, { name: product.name, to: loaderData.url }])]
      : []),
  ]
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, variants, zones, fees, specMetadata } = loaderData
  const t = useT()
  const { language } = useShop()
  const location = useLocation()
  const selectors = useMemo(() => selectorsOf(product.metadata.variants?.options), [product])
  const [selection, setSelection] = useState(() =>
    selectionOf(
      selectors,
      variants.find((v) => v.default),
    ),
  )
  const variant = activeVariant(selectors, selection, variants)
  // Behaviour notes: the variant's name, media and stock when present; the description stays the product's.
  const media = (variant?.media.length ? variant.media : product.media).filter((m) => !m.uncommittedMedia)
  const name = variant?.name || product.name
  const state = purchaseState({
    hasVariants: product.hasVariants,
    chosen: product.hasVariants ? variant : product,
  })
  const itemFees = fees[variant?.yrn ?? product.yrn] ?? []
  const specs = specRows(product.mixins.specification, specMetadata, language)
  const fromAll = (location.state as { from?: string } | null)?.from === 'all'
  const crumbs: Crumb[] = [
    ...(fromAll ? [{ name: t('ALL_PRODUCTS'), to: ALL_PRODUCTS_PATH }] : []),
    ...loaderData.categoryPath.map((c) => ({ name: c.name, to: categoryPath(c) })),
  ]

  return (
    <article className="container product">
      {crumbs.length ? (
        <div className="product__crumbs">
          <Breadcrumb crumbs={crumbs} current={product.name} />
        </div>
      ) : null}
      <div className="product__media">
        <Gallery images={media.map((m) => m.url)} alts={media.map((m) => m.alt)} alt={name} />
      </div>
      <div className="product__info">
        <h1 className="product__name">{product.name}</h1>
        {variant?.name && variant.name !== product.name ? (
          <p className="product__variant-name">{variant.name}</p>
        ) : null}
        <p className="product__sku">
          {t('SKU')}: {variant?.code ?? product.code}
        </p>
        {state === 'unavailable' ? null : (
          <p className="product__price">
            {variant ? (
              <ProductPrice prices={variant.prices} style="symbol" language={language} />
            ) : (
              <ProductPrice
                prices={product.prices}
                range={product.priceRange}
                style="symbol"
                language={language}
              />
            )}
          </p>
        )}
        <TaxLabel />
        <FeesList fees={itemFees} />
        {selectors.length > 0 ? (
          <VariantOptions
            selectors={selectors}
            selection={selection}
            onChange={setSelection}
            complete={Boolean(variant)}
          />
        ) : null}
        <Purchase state={state} productId={product.id} variantId={variant?.id} />
        <ShippingRates zones={zones} />
        <ProductTabs description={product.description} specs={specs} />
      </div>
    </article>
  )
}
