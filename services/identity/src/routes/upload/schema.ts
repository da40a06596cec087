import { z } from 'zod';
import { uploadProfileImageBodySchema, uploadProfileImageResponseSchema } from '@saathi/contracts';

export const uploadSchema = {
  body: uploadProfileImageBodySchema,
  response: { 201: uploadProfileImageResponseSchema },
};
export const getImageSchema = { params: z.object({ id: z.uuid('Image not found') }) };
