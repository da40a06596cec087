/**
 * The identity service's own answers (field messages live beside their schemas in auth.ts).
 * Exported so the web and tests compare against one spelling.
 */
export const IdentityMessages = {
  unauthorized: 'Unauthorized',
  invalidCredentials: 'Invalid email/username or password',
  accountSuspended: 'This account has been suspended',
  usernameTaken: 'Username is already taken',
  emailTaken: 'Email is already registered',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  loggedOut: 'Logged out successfully',
  resetEmailSent: 'If an account exists for that email, a password reset link has been sent.',
  resetTokenValid: 'Reset token is valid',
  resetTokenInvalid: 'This password reset link is invalid or has expired',
  passwordResetDone: 'Your password has been reset. You can now sign in with your new password.',
  profileNotFound: 'Profile not found',
  userNotFound: 'User not found',
  profileForbidden: 'You can only edit your own profile',
  invalidProfileImageUrl: 'Profile image must be an image you uploaded',
  imageTooLarge: 'Image must be 5MB or smaller',
  imageUnsupported: 'Unsupported image. Please upload a PNG, JPEG, WebP or GIF image.',
  imageUnreadable: 'The image could not be read. Please try another file.',
  imageNotFound: 'Image not found',
  imageQuotaReached: 'You have uploaded too many images. Please try again tomorrow.',
  googleNotConfigured: 'Google sign-in is not available on this server',
  googleFailed: 'Google sign-in failed. Please try again.',
  verificationEmailSent: 'Verification email sent. Please check your inbox.',
  emailAlreadyVerified: 'Your email address is already verified.',
  emailVerified: 'Your email address is verified. Thank you!',
  verificationTokenInvalid: 'This verification link is invalid or has expired',
  /** A verification link opened signed out: only the account's own session may complete it. */
  signInToVerifyEmail: 'Sign in to confirm your email address',
  verificationForAnotherAccount:
    'This link confirms the address of another account. Sign in to that account to confirm it.',
} as const;
