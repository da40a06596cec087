import { IdentityMessages } from '@saathi/contracts';
import { describe, expect, it } from 'vitest';
import { knownAuthError } from './auth-url-error';

describe('knownAuthError', () => {
  it('shows the messages identity redirects with', () => {
    expect(knownAuthError(IdentityMessages.googleFailed)).toBe(IdentityMessages.googleFailed);
    expect(knownAuthError(IdentityMessages.googleNotConfigured)).toBe(IdentityMessages.googleNotConfigured);
  });

  it('ignores any other text a link puts in ?error=', () => {
    expect(knownAuthError('Your account is suspended. Call +91 98765 43210 to restore it.')).toBeNull();
    expect(knownAuthError('')).toBeNull();
    expect(knownAuthError(null)).toBeNull();
  });
});
