import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'

/** One route per screen of spec §2; the URL shapes are part of the public contract (links, e2e, SEO). */
export default [
  index('routes/home.tsx'),
  route('c/:catName', 'routes/category.tsx'),
  route('p/:productName', 'routes/product.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('confirmation/:entity/:id', 'routes/confirmation.tsx'),
  route('errors/:errorId', 'routes/errors.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('settings', 'routes/settings.tsx'),
  route('consent', 'routes/consent.tsx'),
  route('search/:searchString', 'routes/search.tsx'),
  route('sign-in', 'routes/sign-in.tsx'),
  route('account', 'routes/account.tsx'),
  route('account/orders/:orderId', 'routes/order-detail.tsx'),
  route('reset-password/update', 'routes/reset-password.tsx'),
  route('change-email/confirm', 'routes/change-email.tsx'),
  route('delete-account', 'routes/delete-account.tsx'),
  route('auth/:provider/start', 'routes/auth-callback-start.tsx'),
  route('auth/callback/:provider', 'routes/auth-callback.tsx'),
  // The back office (docs/decisions/0046-admin-web.md): routes of their own, code-split from every shop page.
  route('admin/sign-in', 'routes/admin/sign-in.tsx'),
  layout('routes/admin/layout.tsx', [
    route('admin', 'routes/admin/products.tsx'),
    route('admin/products/new', 'routes/admin/product-edit.tsx', { id: 'admin-product-new' }),
    route('admin/products/:productId', 'routes/admin/product-edit.tsx'),
    route('admin/categories', 'routes/admin/categories.tsx'),
    route('admin/categories/:categoryId', 'routes/admin/category.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
