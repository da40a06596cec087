// The schemas the sign-in and sign-up forms validate with. They are zod schemas, so this module
// is loaded by load-form-schemas.ts when a form is first used, never with the /auth page itself.
export { loginBodySchema, registerBodySchema } from '@saathi/contracts';
