import { z } from 'zod';
import { defineRoute } from '../http/route';
import {
  currentUserSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  messageResponseSchema,
  publicUserSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  userIdParamsSchema,
  validateResetTokenResponseSchema,
  verifyEmailBodySchema,
} from './auth';
import {
  profileBodySchema,
  profileSchema,
  uploadProfileImageBodySchema,
  uploadProfileImageResponseSchema,
} from './profile';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_SIZES } from '../constants';
import { blockRoutes } from './blocks';
import { deleteAccountRoute } from './account';
import {
  currentDataExportRoute,
  dataExportStatusRoute,
  downloadDataExportRoute,
  exportIdentityDataRoute,
  requestDataExportRoute,
} from '../export/routes';
import { identityReviewRoutes } from '../moderation/review-routes';

const service = 'identity';

/** The body of any error answer (`{ message, code?, issues? }`), as the platform's error handler writes it. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const getCurrentUserRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/auth/user',
  access: 'user',
  response: { 200: currentUserSchema },
});

/**
 * Who is signed in, for the web app's start: always 200, `user: null` when nobody is, so a
 * signed-out visit makes no failing request. Renews the session like GET /api/auth/user.
 */
export const getSessionRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/auth/session',
  access: 'public',
  response: { 200: z.object({ user: currentUserSchema.nullable() }) },
});

export const loginRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/auth/login',
  access: 'public',
  body: loginBodySchema,
  response: { 200: currentUserSchema },
  edgeLimit: 'auth',
});

export const registerRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/auth/register',
  access: 'public',
  body: registerBodySchema,
  response: { 201: currentUserSchema },
  edgeLimit: 'auth',
});

export const logoutRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/auth/logout',
  access: 'public',
  response: { 200: messageResponseSchema },
});

/** Browser navigation after an unauthorized answer: redirects to the sign-in screen. */
export const loginRedirectRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/login',
  access: 'public',
  kind: 'document',
});

export const forgotPasswordRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/auth/forgot-password',
  access: 'public',
  body: forgotPasswordBodySchema,
  response: { 200: messageResponseSchema },
  edgeLimit: 'auth',
});

/** 200 `{ valid: true }`; an unknown, used or expired token answers 400 `{ valid: false, message }`. */
export const validateResetTokenRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/auth/validate-reset-token/:token',
  access: 'public',
  params: z.object({ token: z.string().min(1).max(200) }),
  response: {
    200: validateResetTokenResponseSchema,
    // Also the shape of the error handler's 400s, so both serialise.
    400: errorBodySchema.extend({ valid: z.literal(false).optional() }),
  },
});

export const resetPasswordRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/auth/reset-password',
  access: 'public',
  body: resetPasswordBodySchema,
  response: { 200: messageResponseSchema },
});

/**
 * Proves the address with the mailed token, for the signed-in account the link was sent to. A
 * link alone is not enough: whoever registered someone else's address would otherwise have its
 * owner verify the squatter's account by clicking it. Signed out: 401 with
 * `IdentityMessages.signInToVerifyEmail`; another account's session: 403. Neither uses the link.
 */
export const verifyEmailRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/auth/verify-email',
  access: 'user',
  body: verifyEmailBodySchema,
  response: { 200: messageResponseSchema },
});

/** Mails a new verification link to the signed-in user's address (rate limited; it sends mail). */
export const resendVerificationEmailRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/auth/resend-verification-email',
  access: 'user',
  response: { 200: messageResponseSchema },
  edgeLimit: 'auth',
});

/** Google sign-in: browser navigation to the provider, and the provider's redirect back. */
export const googleStartRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/auth/google',
  access: 'public',
  kind: 'document',
});
export const googleCallbackRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/auth/google/callback',
  access: 'public',
  kind: 'document',
});

export const getProfileRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/profile/:userId',
  access: 'user',
  params: userIdParamsSchema,
  response: { 200: profileSchema },
});

export const createProfileRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/profile',
  access: 'user',
  body: profileBodySchema,
  response: { 200: profileSchema, 201: profileSchema },
});

export const updateProfileRoute = defineRoute({
  service,
  method: 'PUT',
  path: '/api/profile/:userId',
  access: 'user',
  params: userIdParamsSchema,
  body: profileBodySchema,
  response: { 200: profileSchema },
});

/** Serialised through publicUserSchema: email, phone and the hash cannot leak even by mistake. */
export const getPublicUserRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/users/:userId',
  access: 'user',
  params: userIdParamsSchema,
  response: { 200: publicUserSchema },
});

export const uploadProfileImageRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/upload/profile-image',
  access: 'user',
  body: uploadProfileImageBodySchema,
  response: { 201: uploadProfileImageResponseSchema },
  // A 5 MB image as base64 is ~6.7 MB; the JSON around it is small. Only this route accepts that much.
  bodyLimit: Math.ceil((PROFILE_IMAGE_MAX_BYTES * 4) / 3) + 256 * 1024,
});

export const getProfileImageRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/upload/profile-image/:id',
  access: 'public',
  params: z.object({ id: z.uuid('Image not found') }),
  query: z.object({ size: z.enum(PROFILE_IMAGE_SIZES, 'Unknown image size').optional() }),
  kind: 'document',
});

export const identityRoutes = [
  ...identityReviewRoutes,
  exportIdentityDataRoute,
  requestDataExportRoute,
  currentDataExportRoute,
  dataExportStatusRoute,
  downloadDataExportRoute,
  deleteAccountRoute,
  getCurrentUserRoute,
  getSessionRoute,
  loginRoute,
  registerRoute,
  logoutRoute,
  loginRedirectRoute,
  forgotPasswordRoute,
  validateResetTokenRoute,
  resetPasswordRoute,
  verifyEmailRoute,
  resendVerificationEmailRoute,
  googleStartRoute,
  googleCallbackRoute,
  getProfileRoute,
  createProfileRoute,
  updateProfileRoute,
  getPublicUserRoute,
  uploadProfileImageRoute,
  getProfileImageRoute,
  ...blockRoutes,
] as const;
