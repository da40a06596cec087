import { z } from 'zod';
import { BIO_MAX, DISPLAY_NAME_MAX, PROFILE_IMAGE_TYPE_MAX } from '../constants';
import { interestSchema, interestsSchema } from './interests';
import { cleanPersonName } from './names';

export const profileBodySchema = z.object({
  // Cleaned before the checks, so a name made only of controls counts as empty.
  displayName: z
    .string()
    .overwrite(cleanPersonName)
    .min(1, 'Name is required')
    .max(DISPLAY_NAME_MAX, 'Name must be 50 characters or less')
    .optional(),
  bio: z.string().max(BIO_MAX, 'Bio must be 100 characters or less').optional(),
  profileImageUrl: z.string().max(2048).nullable().optional(),
  /** Absent: the interests stay as they are; [] clears them. */
  interests: interestsSchema.optional(),
  /** Sent by the original client; the server always uses the signed-in user instead. */
  userId: z.string().optional(),
});
export type ProfileBody = z.infer<typeof profileBodySchema>;

/**
 * Someone's profile. Every account has one to show: before its first save it is answered with
 * `id`, `createdAt` and `updatedAt` null and the fields empty — a normal state, not an error
 * (a browser reports every 404 as a console error, and a new person's own profile screen is
 * the first place they go).
 */
export const profileSchema = z.object({
  id: z.uuid().nullable(),
  userId: z.uuid(),
  displayName: z.string().nullable(),
  bio: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  interests: z.array(interestSchema),
  /** The owner's interests the viewer picked too (none on one's own profile). */
  sharedInterests: z.array(interestSchema),
  /**
   * What builds trust, from the account rather than the profile: the month the account was made
   * (`YYYY-MM`, UTC; never the day or time) and whether its owner proved the email address.
   */
  memberSince: z.string().regex(/^\d{4}-\d{2}$/),
  emailVerified: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const uploadProfileImageBodySchema = z.object({
  imageData: z.string().regex(/^data:[^;,]+;base64,/, 'Image must be a base64 data URL'),
  imageType: z.string().max(PROFILE_IMAGE_TYPE_MAX, 'Image type is too long'),
});
export type UploadProfileImageBody = z.infer<typeof uploadProfileImageBodySchema>;
export const uploadProfileImageResponseSchema = z.object({ imageUrl: z.string() });
