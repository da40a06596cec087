import {
  currentUserSchema,
  loginBodySchema,
  messageResponseSchema,
  registerBodySchema,
} from '@saathi/contracts';

export const getCurrentUserSchema = { response: { 200: currentUserSchema } };
export const loginSchema = { body: loginBodySchema, response: { 200: currentUserSchema } };
export const registerSchema = { body: registerBodySchema, response: { 201: currentUserSchema } };
export const logoutSchema = { response: { 200: messageResponseSchema } };
