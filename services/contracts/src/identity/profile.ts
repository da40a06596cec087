import { z } from 'zod';
import { BIO_MAX, DISPLAY_NAME_MAX, PROFILE_IMAGE_TYPE_MAX } from '../constants';

export const profileBodySchema = z.object({
  displayName: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(DISPLAY_NAME_MAX, 'Name must be 50 characters or less')
    .optional(),
  bio: z.string().max(BIO_MAX, 'Bio must be 100 characters or less').optional(),
  profileImageUrl: z.string().max(2048).nullable().optional(),
  /** Sent by the original client; the server always uses the signed-in user instead. */
  userId: z.string().optional(),
});
export type ProfileBody = z.infer<typeof profileBodySchema>;

export const profileSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  displayName: z.string().nullable(),
  bio: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const uploadProfileImageBodySchema = z.object({
  imageData: z.string().regex(/^data:[^;,]+;base64,/, 'Image must be a base64 data URL'),
  imageType: z.string().max(PROFILE_IMAGE_TYPE_MAX, 'Image type is too long'),
});
export type UploadProfileImageBody = z.infer<typeof uploadProfileImageBodySchema>;
export const uploadProfileImageResponseSchema = z.object({ imageUrl: z.string() });
