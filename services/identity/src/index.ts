import {
  blockUserRoute,
  createProfileRoute,
  currentDataExportRoute,
  dataExportStatusRoute,
  deleteAccountRoute,
  downloadDataExportRoute,
  exportIdentityDataRoute,
  forgotPasswordRoute,
  getCurrentUserRoute,
  getProfileImageRoute,
  getProfileRoute,
  getPublicUserRoute,
  getSessionRoute,
  googleCallbackRoute,
  googleStartRoute,
  listBlockedUsersRoute,
  loginRedirectRoute,
  loginRoute,
  logoutRoute,
  QueueName,
  registerRoute,
  requestDataExportRoute,
  resendVerificationEmailRoute,
  resetPasswordRoute,
  reviewPersonRoute,
  sessionRevokedV1,
  unblockUserRoute,
  updateProfileRoute,
  uploadProfileImageRoute,
  userReinstatedV1,
  userSuspendedV1,
  validateResetTokenRoute,
  verifyEmailRoute,
} from '@saathi/contracts';
import {
  defineService,
  every,
  handle,
  handlePublic,
  handleRaw,
  onBroadcast,
  onEvent,
  onJob,
} from '@saathi/platform';
import * as browser from './browser';
import { configSchema } from './config';
import { SCHEMA } from './db/schema-name';
import { reviewPerson } from './use-cases/admin-review';
import { currentUser, forgetSignedInLookups } from './use-cases/auth';
import { blockUser, listBlocked, unblockUser } from './use-cases/blocks';
import {
  assembleDataExport,
  currentDataExport,
  dataExportStatus,
  exportIdentityPart,
  purgeDataExports,
  requestDataExport,
} from './use-cases/data-export';
import { resendVerificationEmail, verifyEmail } from './use-cases/email-verification';
import { createIdentityCore } from './use-cases/identity-core';
import { sweepExpired } from './use-cases/maintenance';
import { requestPasswordReset } from './use-cases/password-reset';
import { updateProfile, viewProfile } from './use-cases/profile';
import { deleteUnusedUploads, uploadProfileImage } from './use-cases/profile-images';
import { reinstateAccount, suspendAccount } from './use-cases/suspensions';
import { publicUser } from './use-cases/users';

export type { Config } from './config';
export { configSchema };

/**
 * Identity: accounts, sessions, profiles and avatars. This is its table of contents: every way
 * in, and the use case it runs. Identity signs the access tokens and checks its own session table
 * (`auth: 'none'`; the core tells the app how, `identitySessions`), so a logout is refused at
 * once. Routes that set or clear cookies, redirect or answer a document use `handleRaw` with a
 * thin handler (`browser.ts`); validation, the inbox, retries and the event tables' upkeep are
 * the platform's.
 */
export const identityService = defineService({
  name: 'identity',
  configSchema,
  dbSchema: SCHEMA,
  migrations: new URL('./db/migrations/', import.meta.url),
  auth: 'none',
  appOptions: (config) => ({ trustProxy: config.TRUST_PROXY }),
  core: createIdentityCore,
  routes: [
    // Signing up, in and out: these set or clear the session cookies.
    handleRaw(registerRoute, browser.register),
    handleRaw(loginRoute, browser.login),
    handleRaw(logoutRoute, browser.logout),
    handleRaw(getSessionRoute, browser.session),
    handleRaw(loginRedirectRoute, browser.loginRedirect),
    // Its access check renews an expired access token (see identitySessions).
    handle(getCurrentUserRoute, currentUser),
    handleRaw(googleStartRoute, browser.googleStart),
    handleRaw(googleCallbackRoute, browser.googleCallback),
    // Passwords and addresses.
    handlePublic(forgotPasswordRoute, requestPasswordReset),
    handleRaw(validateResetTokenRoute, browser.validateResetToken),
    handleRaw(resetPasswordRoute, browser.passwordReset),
    // Only the account's own session completes it; signed out, a 401 saying to sign in first.
    handle(verifyEmailRoute, verifyEmail),
    handle(resendVerificationEmailRoute, resendVerificationEmail),
    // Profiles, people and avatars.
    handle(getProfileRoute, viewProfile),
    handleRaw(createProfileRoute, browser.saveProfile),
    handle(updateProfileRoute, updateProfile),
    handle(getPublicUserRoute, publicUser),
    handle(uploadProfileImageRoute, uploadProfileImage),
    handleRaw(getProfileImageRoute, browser.profileImageFile),
    // Blocking acts for the signed-in session's own account only.
    handle(blockUserRoute, blockUser),
    handle(unblockUserRoute, unblockUser),
    handle(listBlockedUsersRoute, listBlocked),
    // "Download my data", and deleting the account.
    handle(exportIdentityDataRoute, exportIdentityPart),
    handle(requestDataExportRoute, requestDataExport),
    handle(currentDataExportRoute, currentDataExport),
    handle(dataExportStatusRoute, dataExportStatus),
    handleRaw(downloadDataExportRoute, browser.downloadDataExport),
    handleRaw(deleteAccountRoute, browser.removeAccount),
    // Admins only (401 signed out, 403 for everyone else).
    handle(reviewPersonRoute, reviewPerson),
  ],
  consumers: [
    onEvent(userSuspendedV1, 'identity.user-suspended', suspendAccount),
    onEvent(userReinstatedV1, 'identity.user-reinstated', reinstateAccount),
  ],
  // Any replica's revocation (published once committed): this replica's signed-in cache forgets.
  broadcasts: [onBroadcast(sessionRevokedV1, forgetSignedInLookups)],
  // The export job signs the token the other services answer it with: it runs where the key is.
  jobs: [onJob(QueueName.dataExport, assembleDataExport, { concurrency: 2 })],
  periodic: [
    // Export files past their 24 hours (docs/privacy.md); the download refuses them meanwhile.
    every('identity-data-exports-sweep', 600_000, purgeDataExports),
    every('identity-sweep', 60_000, sweepExpired),
    // Uploads no profile or account uses, once a day old. Checked hourly, so a replica that
    // restarts more often than daily still runs it; deleting is idempotent across replicas.
    every('identity-unused-images', 3_600_000, deleteUnusedUploads),
  ],
});
