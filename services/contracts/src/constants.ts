export const PRODUCT_NAME = 'Saathi';
export const FEED_RADIUS_KM = 1;
export const FEED_PAGE_SIZE = 10;
export const POST_LIFETIME_DAYS = 30;
export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;
/**
 * The longest an access token may live (identity refuses a longer ACCESS_TOKEN_TTL_SECONDS):
 * a starting service replays this much of the session revocations to know which tokens to refuse.
 */
export const MAX_ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const EMAIL_VERIFICATION_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 6;
/** Longer passwords are refused before hashing, so argon2 never gets attacker-sized input. */
export const PASSWORD_MAX = 128;
export const PHONE_MIN = 10;
export const PHONE_MAX = 20;
/** RFC 5321's limit on a forward path; also bounds the sign-in identifier. */
export const EMAIL_MAX = 254;
export const DISPLAY_NAME_MAX = 50;
export const BIO_MAX = 100;
export const PROFILE_IMAGE_TYPE_MAX = 50;
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Square sizes (px) an avatar is served at (`?size=`): the small avatar and the profile's, at 2× density. */
export const PROFILE_IMAGE_SIZES = ['96', '256'] as const;
export const FEEDBACK_MAX = 500;
export const TOAST_DURATION_MS = 5000;
export const COPIED_INDICATOR_MS = 2000;
export const POST_LOGIN_REDIRECT_MS = 100;
export const UNAUTHORIZED_REDIRECT_MS = 500;
/** Cookie names shared by identity (sets them), platform auth (reads them) and the gateway. */
export const ACCESS_COOKIE = 'saathi_at';
export const REFRESH_COOKIE = 'saathi_rt';
