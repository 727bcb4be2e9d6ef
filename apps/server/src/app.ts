import cookie from '@fastify/cookie'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { auditRoutes } from './modules/audit/audit.routes.ts'
import { authRoutes } from './modules/auth/auth.routes.ts'
import { staffRoutes } from './modules/auth/staff.routes.ts'
import { staffCustomerRoutes } from './modules/auth/staff-customers.routes.ts'
import { backofficeRoutes } from './modules/backoffice/backoffice.routes.ts'
import { backofficeCategoryRoutes } from './modules/backoffice/categories.routes.ts'
import { couponStaffRoutes } from './modules/backoffice/coupons.routes.ts'
import { dashboardRoutes } from './modules/backoffice/dashboard.routes.ts'
import { productMediaRoutes } from './modules/backoffice/product-media.routes.ts'
import { shippingStaffRoutes } from './modules/backoffice/shipping.routes.ts'
import { shopWindowRoutes } from './modules/backoffice/shop-window.routes.ts'
import { siteStaffRoutes } from './modules/backoffice/sites.routes.ts'
import { variantsRoutes } from './modules/backoffice/variants.routes.ts'
import { calculationRoutes } from './modules/cart/calculation.routes.ts'
import { cartRoutes } from './modules/cart/cart.routes.ts'
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts'
import { categoryRoutes } from './modules/catalogue/category.routes.ts'
import { catalogueImportRoutes } from './modules/catalogue-import/import.routes.ts'
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts'
import { consentRoutes } from './modules/consent/consent.routes.ts'
import { couponRoutes } from './modules/coupon/coupon.routes.ts'
import { addressRoutes } from './modules/customer/address.routes.ts'
import { customerRoutes } from './modules/customer/customer.routes.ts'
import { mailRoutes } from './modules/mail/mail.routes.ts'
import { mediaRoutes } from './modules/media/media.routes.ts'
import { orderRoutes } from './modules/order/order.routes.ts'
import { paymentRoutes } from './modules/payment/payment.routes.ts'
import { feeRoutes } from './modules/pricing/fee.routes.ts'
import { priceRoutes } from './modules/pricing/price.routes.ts'
import { searchRoutes } from './modules/search/search.routes.ts'
import { seoRoutes } from './modules/seo/seo.routes.ts'
import { shippingRoutes } from './modules/shipping/shipping.routes.ts'
import { siteRoutes } from './modules/site/site.routes.ts'
import { trackingRoutes } from './modules/tracking/tracking.routes.ts'
import { guardStaffRoutes } from './platform/auth/staff.ts'
import { trackArrivals } from './platform/cache/arrival.ts'
import type { Config } from './platform/config.ts'
import type { DatabaseHandle } from './platform/db/database.ts'
import { registerCompression } from './platform/http/compression.ts'
import type { AppContext } from './platform/http/context.ts'
import { frameworkErrors, installErrorHandling } from './platform/http/errors.ts'
import { trackInFlight } from './platform/http/in-flight.ts'
import { createMetrics, measureRequests } from './platform/http/metrics.ts'
import { registerOpenApi } from './platform/http/openapi.ts'
import { operationsRoutes } from './platform/http/operations.routes.ts'
import { logRequests, requestIds } from './platform/http/request-log.ts'
import { registerStorefront } from './platform/http/storefront.ts'

export interface BuildOptions {
  config: Config
  database: DatabaseHandle
  logger?: boolean
}

/** Builds the whole shop (API, media, storefront) as one Fastify instance; tests call inject() on it. */
export async function buildApp({ config, database, logger = true }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // A request that reaches a route while the server drains is answered (its connection then closes,
    // in-flight.ts), not refused with 503: a page render admitted before the stop calls the API in-process
    // (docs/decisions/0089).
    return503OnClosing: false,
    frameworkErrors,
    ...requestIds(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installErrorHandling(app)
  // First of the hooks: every later one, the handler and the render run as the request that arrived then.
  trackArrivals(app)
  trackInFlight(app)
  logRequests(app)
  const metrics = createMetrics()
  measureRequests(app, metrics)
  metrics.gauge('shop_db_pool_connections', 'Database connections by state', ['state'], async () => {
    const pool = database.pool()
    return [
      [{ state: 'total' }, pool.total],
      [{ state: 'idle' }, pool.idle],
      [{ state: 'waiting' }, pool.waiting],
    ]
  })
  await app.register(cookie)
  // Before any route: it hooks each route as it is added.
  await registerCompression(app)
  await registerOpenApi(app)
  // Before any route: every /api/owner/* route checks the caller's staff role (docs/decisions/0042-staff-roles.md).
  guardStaffRoutes(app, database.db)

  const ctx: AppContext = { db: database.db, engine: database.engine, config, log: app.log, metrics }
  await operationsRoutes(ctx, metrics)(app)
  for (const register of apiModules) await app.register(register(ctx))
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '7d',
    immutable: false,
  })
  await registerStorefront(app, ctx)
  return app
}

/** Each API module is a function of the context returning a Fastify plugin with its routes. */
const apiModules: Array<(ctx: AppContext) => (app: FastifyInstance) => Promise<void>> = [
  siteRoutes,
  catalogueRoutes,
  categoryRoutes,
  searchRoutes,
  seoRoutes,
  priceRoutes,
  authRoutes,
  staffRoutes,
  staffCustomerRoutes,
  dashboardRoutes,
  customerRoutes,
  addressRoutes,
  mailRoutes,
  cartRoutes,
  calculationRoutes,
  couponRoutes,
  couponStaffRoutes,
  feeRoutes,
  shippingRoutes,
  paymentRoutes,
  checkoutRoutes,
  orderRoutes,
  consentRoutes,
  trackingRoutes,
  backofficeRoutes,
  auditRoutes,
  shopWindowRoutes,
  catalogueImportRoutes,
  mediaRoutes,
  productMediaRoutes,
  variantsRoutes,
  backofficeCategoryRoutes,
  shippingStaffRoutes,
  siteStaffRoutes,
]
