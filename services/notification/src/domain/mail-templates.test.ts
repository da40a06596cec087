import { describe, expect, it } from 'vitest';
import { activityNoticeMail, emailVerificationMail, newMessageMail, welcomeMail } from './mail-templates';

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

describe('subjects', () => {
  // Chosen to read as the site's own voice in a mailbox, with a bidi override turning text round.
  const name = 'Saathi \u202eSecurity Team';
  const origin = 'https://saathi.example';
  const mails = {
    welcome: welcomeMail(origin, {
      userId: '00000000-0000-4000-8000-000000000001',
      username: 'evil_name',
      email: 'evil@example.com',
      firstName: name,
      lastName: null,
    }),
    message: newMessageMail(origin, { recipientName: 'Asha', senderName: name }),
    ...Object.fromEntries(
      (['activity_accepted', 'activity_declined', 'activity_closed', 'activity_reminder'] as const).map(
        (type) => [
          type,
          activityNoticeMail(origin, { recipientName: 'Asha', hostName: name, type, postId: 'p1' }),
        ],
      ),
    ),
  };

  it.each(Object.entries(mails))('%s: a fixed phrase, the name only in the body', (_, mail) => {
    expect(mail.subject).not.toMatch(/Security|evil_name|[\u202a-\u202e]/);
    expect(mail.text).toContain(name);
    expect(mail.html).toContain(name);
  });
});
