import { describe, expect, it } from 'vitest';
import {
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  USERNAME_CHARACTERS_MESSAGE,
  USERNAME_RESERVED_MESSAGE,
} from '@saathi/contracts';
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

  it('shows the sign-up form the username rule the server applies', () => {
    const errorFor = (username: string) =>
      fieldErrors(
        registerBodySchema.safeParse({
          username,
          email: 'asha@example.com',
          phone: '9876543210',
          password: 'secret1',
        }).error?.issues ?? [],
      ).username;
    expect(errorFor('asha rao')).toBe(USERNAME_CHARACTERS_MESSAGE);
    expect(errorFor('asha\u202e')).toBe(USERNAME_CHARACTERS_MESSAGE);
    expect(errorFor('Admin')).toBe(USERNAME_RESERVED_MESSAGE);
    expect(errorFor('saathi_help')).toBe(USERNAME_RESERVED_MESSAGE);
    expect(errorFor('asha.rao_1')).toBeUndefined();
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
