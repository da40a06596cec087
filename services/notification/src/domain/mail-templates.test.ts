import { describe, expect, it } from 'vitest';
import { emailVerificationMail } from './mail-templates';

describe('emailVerificationMail', () => {
  const mail = emailVerificationMail('https://saathi.example', {
    username: 'asha<b>',
    email: 'asha@example.com',
    token: 'a'.repeat(43),
  });

  it('says the link works signed in to the account it was sent for, and to ignore a sign-up not theirs', () => {
    // The link completes only in that account's session (docs/security.md): the mail says so, so
    // the owner of an address someone else signed up with is not surprised by a sign-in screen.
    expect(mail.text).toContain('signed in to your Saathi account as asha<b>');
    expect(mail.text).toContain('If you did not create a Saathi account, ignore this mail');
    expect(mail.text).toContain(`https://saathi.example/verify-email?token=${'a'.repeat(43)}`);
  });

  it('escapes the username in the HTML part', () => {
    expect(mail.html).toContain('asha&lt;b&gt;');
    expect(mail.html).not.toContain('asha<b>');
  });
});
