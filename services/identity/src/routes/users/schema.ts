import { publicUserSchema, userIdParamsSchema } from '@saathi/contracts';

/** Response serialised through publicUserSchema: email, phone and the hash cannot leak even by mistake. */
export const getUserSchema = { params: userIdParamsSchema, response: { 200: publicUserSchema } };
