import { describe, expect, it } from 'vitest';
import { loginBodySchema, registerBodySchema, resetPasswordBodySchema } from '@saathi/contracts';
import { fieldErrors } from './form-errors';

describe('fieldErrors', () => {
  it('keeps the first message per field, with the wording from contracts', () => {
    const result = registerBodySchema.safeParse({
      username: 'ab',
      email: 'nope',
      phone: '123',
      password: '12345',
    });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error?.issues ?? [])).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
      password: 'Password must be at least 6 characters',
    });
  });

  it('reports login and reset messages', () => {
    const login = loginBodySchema.safeParse({ identifier: ' ', password: '' });
    expect(fieldErrors(login.error?.issues ?? [])).toEqual({
      identifier: 'Email or username is required',
      password: 'Password is required',
    });
    const reset = resetPasswordBodySchema.safeParse({
      token: 't',
      password: 'secret1',
      confirmPassword: 'secret2',
    });
    expect(fieldErrors(reset.error?.issues ?? [])).toEqual({ confirmPassword: "Passwords don't match" });
  });
});
