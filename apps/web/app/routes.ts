import { index, type RouteConfig, route } from '@react-router/dev/routes'

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
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
