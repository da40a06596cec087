import { profileBodySchema, profileSchema, userIdParamsSchema } from '@saathi/contracts';

export const getProfileSchema = { params: userIdParamsSchema, response: { 200: profileSchema } };
export const createProfileSchema = {
  body: profileBodySchema,
  response: { 200: profileSchema, 201: profileSchema },
};
export const updateProfileSchema = {
  params: userIdParamsSchema,
  body: profileBodySchema,
  response: { 200: profileSchema },
};
