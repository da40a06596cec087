import { z } from 'zod';
import {
  forgotPasswordBodySchema,
  messageResponseSchema,
  resetPasswordBodySchema,
  validateResetTokenResponseSchema,
} from '@saathi/contracts';

export const forgotPasswordSchema = {
  body: forgotPasswordBodySchema,
  response: { 200: messageResponseSchema },
};
/** 200 `{ valid: true }`; an unknown, used or expired token answers 400 `{ valid: false, message }`. */
export const validateResetTokenSchema = {
  params: z.object({ token: z.string().min(1).max(200) }),
  response: {
    200: validateResetTokenResponseSchema,
    // Also the shape of the error handler's 400s, so both serialise.
    400: z.object({
      valid: z.literal(false).optional(),
      message: z.string(),
      code: z.string().optional(),
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  },
};
export const resetPasswordSchema = {
  body: resetPasswordBodySchema,
  response: { 200: messageResponseSchema },
};
