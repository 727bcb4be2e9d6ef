import { join, resolve } from 'node:path'

/** Every setting of the shop, read once from the environment; README.md documents each. */
export interface Config {
  port: number
  host: string
  /** postgres://… or a SQLite file path. */
  databaseUrl: string
  /** Fill an empty database with the demo catalogue at start-up. */
  seedDemo: boolean
  /** Public origin of the shop, used for canonical URLs and links in mail. */
  publicUrl: string
  production: boolean
  logLevel: string
  /** Lifetime of access tokens in seconds (spec §9: 3599). */
  tokenTtlSeconds: number
  /** Directory the storefront's build is read from. */
  webBuildDir: string
  /** Directory of product, banner and slide images. */
  mediaDir: string
  /** smtp(s)://user:pass@host:port; unset: mail goes to the outbox table (development mailbox). */
  smtpUrl: string | undefined
  /** Sender of the shop's mail. */
  mailFrom: string
  /** OpenID Connect issuer of Google sign-in and the shop's OAuth client id (sign-in off without it). */
  googleIssuer: string
  googleClientId: string | undefined
  /** Facebook Graph API base URL, app id and secret (sign-in off without id and secret). */
  facebookGraphUrl: string
  facebookAppId: string | undefined
  facebookAppSecret: string | undefined
  /** log2 of scrypt's cost N for new password hashes (OWASP: 17). */
  passwordHashCost: number
  /** Consecutive wrong passwords that lock an account, and for how long. */
  loginMaxFailures: number
  loginLockSeconds: number
  /** Sign-in and reset attempts allowed per window, per account and per client address (429 beyond). */
  rateLimitWindowSeconds: number
  rateLimitPerAccount: number
  rateLimitPerAddress: number
  /** Believe X-Forwarded-For (client address for rate limits and logs) only behind a known proxy. */
  trustProxy: boolean
  /** Stripe keys; card payments go through Stripe when both are set, else the built-in test card provider. */
  stripeSecretKey: string | undefined
  stripePublishableKey: string | undefined
  /** Stripe's API origin (https://api.stripe.com); a loopback stand-in in tests and trials. */
  stripeApiBase: string
}

const repoRoot = resolve(import.meta.dirname, '../../../..')

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000)
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL ?? join(repoRoot, 'data', 'shop.sqlite'),
    seedDemo: (env.SEED_DEMO ?? 'true') !== 'false',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    production: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL ?? 'info',
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 3599),
    webBuildDir: env.WEB_BUILD_DIR ?? join(repoRoot, 'apps', 'web', 'build'),
    mediaDir: env.MEDIA_DIR ?? join(repoRoot, 'demo', 'images'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Shop <shop@localhost>',
    googleIssuer: (env.GOOGLE_ISSUER ?? 'https://accounts.google.com').replace(/\/$/, ''),
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    facebookGraphUrl: (env.FACEBOOK_GRAPH_URL ?? 'https://graph.facebook.com/v19.0').replace(/\/$/, ''),
    facebookAppId: env.FACEBOOK_APP_ID || undefined,
    facebookAppSecret: env.FACEBOOK_APP_SECRET || undefined,
    passwordHashCost: Number(env.PASSWORD_HASH_COST ?? 17),
    loginMaxFailures: Number(env.LOGIN_MAX_FAILURES ?? 5),
    loginLockSeconds: Number(env.LOGIN_LOCK_SECONDS ?? 900),
    rateLimitWindowSeconds: Number(env.RATE_LIMIT_WINDOW_SECONDS ?? 900),
    rateLimitPerAccount: Number(env.RATE_LIMIT_PER_ACCOUNT ?? 20),
    rateLimitPerAddress: Number(env.RATE_LIMIT_PER_ADDRESS ?? 100),
    trustProxy: env.TRUST_PROXY === 'true',
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeApiBase: (env.STRIPE_API_BASE ?? 'https://api.stripe.com').replace(/\/$/, ''),
  }
}
