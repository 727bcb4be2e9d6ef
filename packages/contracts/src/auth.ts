import { z } from 'zod'
import { PersonNameSchema, patterns } from './common.ts'
import { endpoint, errors, noContent } from './endpoint.ts'

export const SESSION_ID_LENGTH = 30

export const AnonymousLoginQuerySchema = z.object({
  client_id: z.string().max(100).optional(),
  session_id: z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9]{${SESSION_ID_LENGTH}}$`), `${SESSION_ID_LENGTH} letters and digits`)
    .optional(),
})

export const AnonymousTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  session_id: z.string(),
})

export type AnonymousToken = z.infer<typeof AnonymousTokenSchema>

/** Social providers of spec §1/§3 (`accounts[].providerId`); `internal` is the e-mail + password account. */
export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const
export const PROVIDER_IDS = ['internal', ...SOCIAL_PROVIDERS] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]
export type ProviderId = (typeof PROVIDER_IDS)[number]

/** §5: passwords are ASCII only. 8–128 characters. A 400 with details[].field ending in `password` → PASSWORD_INVALID. */
export const PasswordSchema = z
  .string()
  .min(8, 'at least 8 characters')
  .max(128, 'at most 128 characters')
  .regex(patterns.ascii, 'ASCII characters only')

export const EmailSchema = z.email().max(254)

export const TitleSchema = z.enum(['', 'MR', 'MS', 'MRS', 'DR'])

/** POST /api/auth/login. The caller's current token (bearer or cookie), if any, lends its session id. */
export const LoginRequestSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1).max(128),
  /**
   * The device token this browser got at an earlier sign-in to the account, if any: it passes the account-wide
   * lock that many failures from many addresses set (docs/decisions/0031-login-throttling.md).
   */
  deviceToken: z.string().min(1).max(128).optional(),
})

/** POST /api/auth/signup: creates the account and signs it in (answers like login, status 201). */
export const SignupRequestSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  title: TitleSchema.optional(),
  firstName: PersonNameSchema.optional(),
  middleName: PersonNameSchema.optional(),
  lastName: PersonNameSchema.optional(),
  preferredLanguage: z
    .string()
    .regex(/^[a-z]{2}$/)
    .optional(),
})

/**
 * POST /api/auth/signup/order: sign-up after purchase (spec §2 confirmation). A guest turns the order they just
 * placed into an account: the e-mail and names come from the order, the caller's token must belong to the
 * guest session that placed it. Answers like signup (201); 409 account_already_exists when the e-mail has an
 * account, 404 when the order is not this guest's.
 */
export const OrderSignupRequestSchema = z.object({
  orderId: z.string().min(1).max(40),
  password: PasswordSchema,
})

export type OrderSignupRequest = z.infer<typeof OrderSignupRequestSchema>

/**
 * Answer of login, signup and social login (spec §3 "Access token cookie": userName, accessToken, saasToken).
 * The response also sets the HttpOnly `shop_token` cookie for the storefront.
 */
export const LoginResponseSchema = z
  .object({
    accessToken: z.string(),
    tokenType: z.literal('Bearer'),
    expiresIn: z.number().int(),
    /** Not used by this shop (no separate SaaS token); kept optional for the spec's shape. */
    saasToken: z.string().optional(),
    /** The customer's e-mail. */
    userName: z.string(),
    customerId: z.string(),
    /** Kept from the previous (anonymous) token, so its cart can be merged. */
    sessionId: z.string(),
    /** This browser's device token for the account, to keep (HttpOnly) and send back at password sign-in. */
    deviceToken: z.string().optional(),
  })
  .meta({ id: 'LoginResponse' })

/** POST /api/auth/login/{provider} (google: an OpenID Connect ID token; facebook: a user access token). */
export const SocialLoginParamsSchema = z.object({ provider: z.enum(SOCIAL_PROVIDERS) })
export const SocialLoginRequestSchema = z.object({ accessToken: z.string().min(1).max(8192) })

/** GET /api/auth/loginconfig: the enabled social providers and what their browser SDKs need. */
export const LoginConfigSchema = z
  .object({
    providers: z.array(
      z.object({
        providerId: z.enum(SOCIAL_PROVIDERS),
        /** google: the OAuth client id; facebook: the app id. */
        clientId: z.string(),
        /** google: the issuer (authorization server); facebook: the Graph API base URL. */
        issuer: z.string(),
      }),
    ),
  })
  .meta({ id: 'LoginConfig' })

/** POST /api/auth/password/reset → 204 (mail sent) | 404 EMAIL_NOT_FOUND | 429. */
export const PasswordResetRequestSchema = z.object({ email: EmailSchema })

/** The `type` of a 400 for an unknown, used or expired one-time token (maps to REQUEST_PW_EXPIRED). */
export const INVALID_TOKEN_TYPE = 'invalid_token'

/** POST /api/auth/password/reset/update → 204 | 400 invalid_token | 400 password field. */
export const PasswordResetUpdateSchema = z.object({
  token: z.string().min(1).max(200),
  password: PasswordSchema,
})

/** POST /api/auth/password/change (signed in) → 204 | 401 wrong current password | 403 social account. */
export const PasswordChangeSchema = z.object({
  currentPassword: z.string().min(1).max(128),
  newPassword: PasswordSchema,
  email: EmailSchema,
})

/** Error `type`s of this area, beside the shared ones (validation_failed, unauthorized, not_found). */
export const AUTH_ERROR_TYPES = {
  invalidCredentials: 'invalid_credentials',
  accountExists: 'account_already_exists',
  accountLocked: 'account_locked',
  tooManyRequests: 'too_many_requests',
  invalidToken: INVALID_TOKEN_TYPE,
  emailNotFound: 'email_not_found',
  wrongPassword: 'wrong_current_password',
  socialAccount: 'social_account',
  emailInUse: 'email_in_use',
  loginFailed: 'login_failed',
} as const

export type LoginRequest = z.infer<typeof LoginRequestSchema>
export type SignupRequest = z.infer<typeof SignupRequestSchema>
export type LoginResponse = z.infer<typeof LoginResponseSchema>
export type LoginConfig = z.infer<typeof LoginConfigSchema>
export type PasswordChange = z.infer<typeof PasswordChangeSchema>

/** Statuses every sign-in call can answer (validation, credentials, cross-site refusal, locks, rate limits). */
const signInErrors = errors(400, 401, 403, 409, 429)

/** Tokens, sign-in, sign-up, social sign-in and the password flows (spec §7). */
export const authApi = {
  anonymousLogin: endpoint({
    method: 'GET',
    path: '/api/auth/anonymous/login',
    tags: ['auth'],
    query: AnonymousLoginQuerySchema,
    responses: { 200: AnonymousTokenSchema, ...errors(400) },
  }),
  /** Revokes the caller's token (bearer, else cookie) and clears the cookie; idempotent. */
  logout: endpoint({
    method: 'GET',
    path: '/api/auth/logout',
    tags: ['auth'],
    responses: { 204: noContent('Logged out') },
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    tags: ['auth'],
    description:
      'Sign in with e-mail and password. The caller’s current token (if any) is revoked and its session id kept. 401 invalid_credentials, 403 account_locked, 429 with Retry-After.',
    body: LoginRequestSchema,
    responses: { 200: LoginResponseSchema, ...signInErrors },
  }),
  signup: endpoint({
    method: 'POST',
    path: '/api/auth/signup',
    tags: ['auth'],
    description: 'Create an account and sign in. 409 account_already_exists; 400 on body.password.',
    body: SignupRequestSchema,
    responses: { 201: LoginResponseSchema, ...signInErrors },
  }),
  signupAfterOrder: endpoint({
    method: 'POST',
    path: '/api/auth/signup/order',
    tags: ['auth'],
    security: 'bearer',
    description:
      'Sign-up after purchase: the guest whose session placed the order creates an account (e-mail and names from the order) that owns it, and is signed in. 401 without a token, 403 when signed in, 404 not this guest’s order, 409 account_already_exists, 400 on body.password.',
    body: OrderSignupRequestSchema,
    responses: { 201: LoginResponseSchema, ...signInErrors, ...errors(404) },
  }),
  socialLogin: endpoint({
    method: 'POST',
    path: '/api/auth/login/:provider',
    tags: ['auth'],
    description:
      'Sign in with google (accessToken = OpenID Connect ID token) or facebook (accessToken = user access token). 401 login_failed.',
    params: SocialLoginParamsSchema,
    body: SocialLoginRequestSchema,
    responses: { 200: LoginResponseSchema, ...signInErrors },
  }),
  loginConfig: endpoint({
    method: 'GET',
    path: '/api/auth/loginconfig',
    tags: ['auth'],
    responses: { 200: LoginConfigSchema },
  }),
  requestPasswordReset: endpoint({
    method: 'POST',
    path: '/api/auth/password/reset',
    tags: ['auth'],
    description:
      'Mails a one-time link to /reset-password/update?token=… (valid 1 h). 404 email_not_found (spec §8), 429 with Retry-After.',
    body: PasswordResetRequestSchema,
    responses: { 204: noContent('Mail sent'), ...errors(400, 404, 429) },
  }),
  updatePassword: endpoint({
    method: 'POST',
    path: '/api/auth/password/reset/update',
    tags: ['auth'],
    description:
      'Sets the password from a reset token; signs out every session. 400 invalid_token (REQUEST_PW_EXPIRED).',
    body: PasswordResetUpdateSchema,
    responses: { 204: noContent('Password set'), ...errors(400) },
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/auth/password/change',
    tags: ['auth'],
    security: 'bearer',
    description:
      'Changes the password of the signed-in customer. 401 wrong_current_password, 403 social_account; other sessions are signed out.',
    body: PasswordChangeSchema,
    responses: { 204: noContent('Password changed'), ...signInErrors },
  }),
}
