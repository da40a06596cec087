/* eslint-disable @typescript-eslint/return-await -- a FastifyReply is thenable; returning it (not awaiting it) is how a handler answers */
import { IdentityMessages } from '@saathi/contracts';
import type {
  createProfileRoute,
  deleteAccountRoute,
  downloadDataExportRoute,
  getProfileImageRoute,
  getSessionRoute,
  googleCallbackRoute,
  googleStartRoute,
  loginRedirectRoute,
  loginRoute,
  logoutRoute,
  registerRoute,
  resetPasswordRoute,
  validateResetTokenRoute,
} from '@saathi/contracts';
import { requestMetaOf } from '@saathi/platform';
import type { RouteRequest } from '@saathi/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rememberUser, userOf } from './auth/identity-sessions';
import type { UserRow } from './db/schema';
import { deleteAccount } from './use-cases/account';
import { registerAccount, signIn } from './use-cases/auth';
import { dataExportFile } from './use-cases/data-export';
import {
  finishGoogleSignIn,
  GOOGLE_FLOW_COOKIE,
  GOOGLE_FLOW_COOKIE_PATH,
  GOOGLE_FLOW_TTL_SECONDS,
  googleErrorLocation,
  startGoogleSignIn,
} from './use-cases/google';
import type { IdentityCore } from './use-cases/identity-core';
import { checkResetToken, resetPassword } from './use-cases/password-reset';
import { createProfile } from './use-cases/profile';
import { profileImage } from './use-cases/profile-images';
import { toCurrentUser } from './users-view';

/**
 * The few routes that touch the reply itself (`handleRaw` in the table of contents): they set or
 * clear the session cookies, redirect, or answer a document. Each reads the request, calls a use
 * case and shapes the reply; the policy stays in the use case.
 */

/** A browser signed in: its session's cookies, and the device cookie that names it to this account. */
async function startBrowserSession(
  core: IdentityCore,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<void> {
  await core.browserSessions.start(request, reply, user);
  core.devices.setCookie(reply, user.id);
}

/** Who is signed in, renewing an expired access token from the refresh cookie (and so setting cookies). */
export async function session(
  core: IdentityCore,
  request: RouteRequest<typeof getSessionRoute>,
  reply: FastifyReply,
) {
  const auth = await core.browserSessions.authenticate(request, reply, { refresh: true });
  if (!auth) return { user: null };
  rememberUser(request, auth);
  return { user: toCurrentUser(auth.user) };
}

export async function login(
  core: IdentityCore,
  request: RouteRequest<typeof loginRoute>,
  reply: FastifyReply,
) {
  const user = await signIn(core, {
    body: request.body,
    meta: { ...requestMetaOf(request), deviceToken: core.devices.fromRequest(request) },
  });
  await startBrowserSession(core, request, reply, user);
  return toCurrentUser(user);
}

export async function register(
  core: IdentityCore,
  request: RouteRequest<typeof registerRoute>,
  reply: FastifyReply,
) {
  const user = await registerAccount(core, { body: request.body, meta: requestMetaOf(request) });
  await startBrowserSession(core, request, reply, user);
  return reply.code(201).send(toCurrentUser(user));
}

/** The device cookie stays: it names the browser, not the session, and holds no access. */
export async function logout(
  core: IdentityCore,
  request: RouteRequest<typeof logoutRoute>,
  reply: FastifyReply,
) {
  await core.browserSessions.end(request, reply);
  return { message: IdentityMessages.loggedOut };
}

/** Browser navigation after an unauthorized answer: the sign-in screen. */
export function loginRedirect(
  _core: IdentityCore,
  _request: RouteRequest<typeof loginRedirectRoute>,
  reply: FastifyReply,
) {
  return reply.redirect('/auth', 302);
}

/** 200 `{ valid: true }`; an unknown, used or expired token 400 `{ valid: false, message }`. */
export async function validateResetToken(
  core: IdentityCore,
  request: RouteRequest<typeof validateResetTokenRoute>,
  reply: FastifyReply,
) {
  const answer = await checkResetToken(core, request.params.token);
  return answer.valid ? { valid: true as const, message: answer.message } : reply.code(400).send(answer);
}

/** A session of the same account making the reset (its access cookie) survives it; every other ends. */
export async function passwordReset(
  core: IdentityCore,
  request: RouteRequest<typeof resetPasswordRoute>,
  _reply: FastifyReply,
) {
  const current = await core.browserSessions.fromAccessCookie(request);
  const userId = await resetPassword(
    core,
    request.body,
    current ? { userId: current.user.id, sessionId: current.sessionId } : null,
    requestMetaOf(request),
  );
  request.log.info({ userId }, 'password reset completed; other sessions revoked');
  return { message: IdentityMessages.passwordResetDone };
}

const googleFlowCookie = (core: IdentityCore) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: core.cookieSecure,
  path: GOOGLE_FLOW_COOKIE_PATH,
});

export async function googleStart(
  core: IdentityCore,
  request: RouteRequest<typeof googleStartRoute>,
  reply: FastifyReply,
) {
  try {
    const start = await startGoogleSignIn(core);
    if (start.kind === 'refused') return reply.redirect(googleErrorLocation(start.message), 302);
    void reply.setCookie(GOOGLE_FLOW_COOKIE, start.flow, {
      ...googleFlowCookie(core),
      maxAge: GOOGLE_FLOW_TTL_SECONDS,
    });
    return reply.redirect(start.url, 302);
  } catch (error) {
    request.log.error({ err: error }, 'google sign-in could not start');
    return reply.redirect(googleErrorLocation(IdentityMessages.googleFailed), 302);
  }
}

export async function googleCallback(
  core: IdentityCore,
  request: RouteRequest<typeof googleCallbackRoute>,
  reply: FastifyReply,
) {
  void reply.clearCookie(GOOGLE_FLOW_COOKIE, googleFlowCookie(core));
  try {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const result = await finishGoogleSignIn(core, {
      flowCookie: request.cookies[GOOGLE_FLOW_COOKIE],
      query,
      meta: requestMetaOf(request),
    });
    if (result.kind === 'no-flow') request.log.info('google callback without a valid flow cookie');
    if (result.kind !== 'signed-in') return reply.redirect(googleErrorLocation(result.message), 302);
    await core.browserSessions.start(request, reply, result.user);
    return reply.redirect('/home', 302);
  } catch (error) {
    request.log.warn({ err: error }, 'google sign-in failed');
    return reply.redirect(googleErrorLocation(IdentityMessages.googleFailed), 302);
  }
}

/** 201 for a first save, 200 for a later one. */
export async function saveProfile(
  core: IdentityCore,
  request: RouteRequest<typeof createProfileRoute>,
  reply: FastifyReply,
) {
  const { profile, created } = await createProfile(core, {
    user: userOf(request),
    body: request.body,
    meta: requestMetaOf(request),
  });
  return reply.code(created ? 201 : 200).send(profile);
}

/** The account goes, and with it the browser's cookies (the device one is worthless now, and cleared too). */
export async function removeAccount(
  core: IdentityCore,
  request: RouteRequest<typeof deleteAccountRoute>,
  reply: FastifyReply,
) {
  const { user, sessionId } = core.signedIn.of(userOf(request));
  const answer = await deleteAccount(core, {
    current: { userId: user.id, sessionId },
    password: request.body.password,
    meta: requestMetaOf(request),
  });
  core.browserSessions.clearCookies(reply);
  core.devices.clearCookie(reply);
  return answer;
}

export async function downloadDataExport(
  core: IdentityCore,
  request: RouteRequest<typeof downloadDataExportRoute>,
  reply: FastifyReply,
) {
  const file = await dataExportFile(core, { user: userOf(request), params: request.params });
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="saathi-data-${file.day}.json"`)
    .header('cache-control', 'no-store')
    .send(file.json);
}

const PROFILE_IMAGE_CACHE = 'public, max-age=31536000, s-maxage=86400, immutable';

export async function profileImageFile(
  core: IdentityCore,
  request: RouteRequest<typeof getProfileImageRoute>,
  reply: FastifyReply,
) {
  const image = await profileImage(core, request);
  // An image id never changes content (a new upload is a new id, so a new URL): a browser that
  // showed it may keep it, at any size, for a year. A shared cache (a CDN) only for a day: a
  // photo replaced or an account deleted stops being served there within a day, not a year.
  return reply
    .header('content-type', image.contentType)
    .header('cache-control', PROFILE_IMAGE_CACHE)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(image.data);
}
