// The accounts slice end to end through the gateway in a real browser: register, verify the
// address from the mailed link (opened signed out, it asks to sign in and then comes back), sign
// out, sign in, reset the password from the emailed link, edit the profile, upload a picture,
// share.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, runAxe } from './browser';
import { newestMailName, waitForResetToken, waitForVerificationToken } from './mail';
import { pngSize, solidPng } from './png';
import type { TestServer } from './server';
import { MODES, sharedProduct } from './modes';

/** Waits for a toast whose text contains every given part (toasts carry data-toast). */
async function expectToast(page: Page, ...parts: string[]): Promise<void> {
  let toast = page.locator('[data-toast]');
  for (const part of parts) toast = toast.filter({ hasText: part });
  await toast.first().waitFor({ state: 'visible' });
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).waitFor();
}

async function signIn(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email or Username').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The same journey in both modes: one process on PGlite, and the cluster on PostgreSQL, NATS, Redis and SMTP. */
describe.each(MODES)('accounts in the browser (%s mode)', (mode) => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await sharedProduct(mode);
    browser = await launchBrowser();
  }, 150_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('registers, verifies the address by email, signs out and in, resets the password by email, edits and shares the profile', async () => {
    const { context, page } = await newPage(browser, server.url);
    const suffix = randomBytes(4).toString('hex');
    const username = `asha_${suffix}`;
    const email = `asha.${suffix}@example.com`;
    const firstPassword = 'first-secret-1';
    const newPassword = 'second-secret-2';

    try {
      // --- Create an account -------------------------------------------------------------
      await page.goto('/auth');
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      expect(await page.title()).toBe('Sign In - Saathi');
      await runAxe(page, '/auth sign-in mode');

      await page.getByRole('button', { name: 'Create account', exact: true }).click();
      await page.getByRole('button', { name: 'Create Account', exact: true }).waitFor();
      expect(await page.title()).toBe('Join Saathi - Create Account');
      await page.getByRole('button', { name: 'Sign up with Google' }).waitFor();

      // The form shows the API's validation messages before sending anything.
      await page.getByLabel('Username').fill('as');
      await page.getByRole('button', { name: 'Create Account', exact: true }).click();
      await page.getByText('Username must be at least 3 characters').waitFor();
      await runAxe(page, '/auth create-account mode with errors');

      const beforeRegistering = await newestMailName(server.mailDir);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Phone Number').fill('9876543210');
      await page.getByLabel('Password', { exact: true }).fill(firstPassword);
      await page.getByRole('button', { name: 'Show password' }).click();
      expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
      await page.getByRole('button', { name: 'Create Account', exact: true }).click();
      await expectToast(page, 'Account Created!', `Welcome to Saathi, ${username}!`);
      await page.waitForURL('**/home');
      await page.getByRole('button', { name: 'Account menu' }).waitFor();

      // --- Verify the address from the mailed link ------------------------------------------
      const banner = page.getByRole('region', { name: 'Email verification' });
      await banner.getByText('Please verify your email address.').waitFor();
      await banner.getByText(email).waitFor();
      await runAxe(page, '/home with the verification banner');
      const firstLink = await waitForVerificationToken(server.mailDir, {
        after: beforeRegistering,
        to: email,
      });
      const beforeResending = await newestMailName(server.mailDir);
      await banner.getByRole('button', { name: 'Resend verification email' }).click();
      await expectToast(page, 'Verification email sent', `Check ${email} for the link.`);
      const secondLink = await waitForVerificationToken(server.mailDir, {
        after: beforeResending,
        to: email,
      });
      expect(secondLink).not.toBe(firstLink);

      // The resent link replaced the first one.
      await page.goto(`/verify-email?token=${encodeURIComponent(firstLink)}`);
      await page.getByRole('heading', { name: 'Verification Failed' }).waitFor();
      await page.getByText('This verification link is invalid or has expired').waitFor();
      await runAxe(page, '/verify-email failed');

      // Opened signed out, the link asks to sign in (it is left unused), then comes back to it.
      await signOut(page);
      const secondUrl = `/verify-email?token=${encodeURIComponent(secondLink)}`;
      await page.goto(secondUrl);
      await page.getByRole('heading', { name: 'Sign In Required' }).waitFor();
      await page.getByText('Sign in to confirm your email address').waitFor();
      await runAxe(page, '/verify-email signed out');
      await page.getByRole('main').getByRole('link', { name: 'Sign In', exact: true }).click();
      await page.waitForURL('**/auth');
      await page.getByLabel('Email or Username').fill(username);
      await page.getByLabel('Password', { exact: true }).fill(firstPassword);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expectToast(page, 'Welcome back!');
      await page.waitForURL((url) => `${url.pathname}${url.search}` === secondUrl);
      await page.getByRole('heading', { name: 'Email Verified' }).waitFor();
      expect(await page.title()).toBe('Verify Email - Saathi');
      await runAxe(page, '/verify-email verified');
      await page.getByRole('link', { name: 'Continue to Saathi' }).click();
      await page.waitForURL('**/home');
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
      await banner.waitFor({ state: 'detached' });
      const verified = (await (await context.request.get('/api/auth/user')).json()) as {
        emailVerified: boolean;
      };
      expect(verified.emailVerified).toBe(true);

      // --- Sign out, then sign in ---------------------------------------------------------
      await signOut(page);
      await signIn(page, username, firstPassword);
      await expectToast(page, 'Welcome back!');
      await page.waitForURL('**/home');
      await signOut(page);

      // --- Forgot password -> emailed link -> new password ---------------------------------
      const before = await newestMailName(server.mailDir);
      await page.goto('/forgot-password');
      const send = page.getByRole('button', { name: 'Send Reset Link' });
      expect(await send.isDisabled()).toBe(true);
      await runAxe(page, '/forgot-password');
      await page.getByLabel('Email').fill(email);
      await send.click();
      await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
      await page.getByText(email).waitFor();
      await page.getByText('The link expires in 1 hour.').waitFor();
      await runAxe(page, '/forgot-password sent');

      const token = await waitForResetToken(server.mailDir, { after: before, to: email });
      await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
      await page.getByRole('heading', { name: 'Set New Password' }).waitFor();
      await page.getByText('Password must be at least 6 characters long').waitFor();
      await runAxe(page, '/reset-password form');
      await page.getByLabel('New Password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm New Password', { exact: true }).fill(`${newPassword}x`);
      await page.getByText("Passwords don't match").waitFor();
      expect(await page.getByRole('button', { name: 'Reset Password' }).isDisabled()).toBe(true);
      await page.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('heading', { name: 'Password Reset Complete' }).waitFor();
      await runAxe(page, '/reset-password complete');
      await page.getByRole('link', { name: 'Sign In Now' }).click();
      await page.waitForURL('**/auth');

      // The old password no longer works; the new one does (the email also works as identifier).
      await signIn(page, username, firstPassword);
      await expectToast(page, 'Login Failed');
      await signIn(page, email, newPassword);
      await expectToast(page, 'Welcome back!');
      await page.waitForURL('**/home');

      // A used link is refused and sends the browser back to /auth.
      await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
      await expectToast(page, 'Invalid or expired link');
      await page.waitForURL('**/auth');

      // --- Profile: view, edit, upload a picture, save ------------------------------------
      const me = (await (await context.request.get('/api/auth/user')).json()) as { id: string };
      // Before the first save the profile is empty, not missing: no failed request for the
      // browser to report as a console error on a new person's first visit.
      const failed: string[] = [];
      const onResponse = (response: { status(): number; url(): string }) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      };
      page.on('response', onResponse);
      await page.goto('/profile');
      await page.getByRole('heading', { name: 'Profile Dashboard' }).waitFor();
      await page.getByRole('heading', { name: username, exact: true }).waitFor(); // display name falls back to the username
      page.off('response', onResponse);
      expect(failed).toEqual([]);
      await page.getByText(`@${username}`).waitFor();
      await page.getByText('Total posts created').waitFor();
      await page.getByText('Member Since', { exact: true }).waitFor();
      // The summary comes first: the three cards right under the profile, then Past activities,
      // each card apart from the one above it (Past activities once sat flush on the profile card).
      await page.getByRole('heading', { name: 'Past activities' }).waitFor();
      const profileCard = (await page.getByRole('region', { name: 'Profile', exact: true }).boundingBox())!;
      const stats = (await page
        .getByRole('list')
        .filter({ has: page.getByRole('heading', { name: 'Member Since', exact: true }) })
        .boundingBox())!;
      const pastCard = (await page.getByRole('region', { name: 'Past activities' }).boundingBox())!;
      expect(stats.y - (profileCard.y + profileCard.height)).toBeGreaterThanOrEqual(16);
      expect(pastCard.y - (stats.y + stats.height)).toBeGreaterThanOrEqual(16);
      await runAxe(page, '/profile view');

      await page.getByRole('button', { name: 'Edit Profile' }).click();
      expect(await page.getByLabel('Display Name').inputValue()).toBe(username);
      await page.getByLabel('Display Name').fill('Asha Verma');
      await page.getByLabel('Bio').fill('Morning runs and chess');
      await page.getByText('22/100 characters').waitFor();
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(64, 64) });
      await expectToast(page, 'Image Uploaded', 'Profile picture uploaded successfully.');
      await runAxe(page, '/profile edit');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Profile Updated', 'Your profile has been saved successfully.');
      await page.getByRole('heading', { name: 'Asha Verma', exact: true }).waitFor();
      await page.getByText('Morning runs and chess').waitFor();
      const avatar = page.getByRole('img', { name: "Asha Verma's profile picture" });
      await avatar.waitFor();
      const avatarSrc = await avatar.getAttribute('src');
      expect(avatarSrc).toBeTruthy();
      const image = await context.request.get(avatarSrc!);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toMatch(/^image\//);

      // Saved for real: a reload shows the same profile.
      await page.reload();
      await page.getByRole('heading', { name: 'Asha Verma', exact: true }).waitFor();

      // --- Share dialog with the QR code -------------------------------------------------
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      await page.getByRole('button', { name: 'Share Profile' }).click();
      const dialog = page.getByRole('dialog', { name: 'Share Your Profile' });
      await dialog.waitFor();
      const qr = dialog.getByRole('img', { name: 'QR code for your profile link' });
      await qr.waitFor();
      const qrSrc = (await qr.getAttribute('src')) ?? '';
      expect(qrSrc).toMatch(/^data:image\/png;base64,/);
      expect(pngSize(Buffer.from(qrSrc.split(',')[1] ?? '', 'base64'))).toEqual({ width: 256, height: 256 });
      await dialog.getByText('Scan this QR code to visit your profile').waitFor();
      expect(await dialog.getByLabel('Profile link').inputValue()).toBe(
        `${new URL(server.url).origin}/profile/${me.id}`,
      );
      for (const target of ['X (Twitter)', 'Facebook', 'LinkedIn', 'WhatsApp']) {
        await dialog.getByRole('button', { name: target }).waitFor();
      }
      await runAxe(page, 'Share Your Profile dialog');
      await dialog.getByRole('button', { name: 'Copy link' }).click();
      await expectToast(page, 'Link Copied', 'Profile link copied to clipboard');
      await dialog.getByRole('button', { name: 'Link copied' }).waitFor();
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });

      // --- Mobile: bottom navigation for the signed-in user -------------------------------
      await page.setViewportSize({ width: 390, height: 844 });
      const bottomNav = page.getByRole('navigation', { name: 'Bottom navigation' });
      await bottomNav.waitFor();
      for (const item of ['Home', 'Messages', 'Profile'])
        await bottomNav.getByRole('link', { name: item }).waitFor();
      await runAxe(page, '/profile on a phone');
      // A toast on a phone sits below the header, whose buttons stay visible and tappable.
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Profile Updated');
      const header = (await page.locator('header.sticky').boundingBox())!;
      const toastBox = (await page
        .locator('[data-toast]')
        .filter({ hasText: 'Profile Updated' })
        .first()
        .boundingBox())!;
      expect(toastBox.y).toBeGreaterThanOrEqual(header.y + header.height);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('keeps the verify-email notice to a few lines on a phone, with its resend link in reach', async () => {
    const { context, page } = await newPage(browser, server.url, { mobile: true });
    try {
      const username = `phone_${Date.now().toString(36)}`;
      const res = await context.request.post('/api/auth/register', {
        data: { username, email: `${username}@example.com`, phone: '9876543210', password: 'phone-secret-1' },
      });
      expect(res.status()).toBe(201);
      await page.goto('/messages');
      const banner = page.getByRole('region', { name: 'Email verification' });
      await banner.getByText('Please verify your email address.').waitFor();
      const resend = banner.getByRole('button', { name: 'Resend verification email' });
      await resend.waitFor();
      const box = (await banner.boundingBox())!;
      const button = (await resend.boundingBox())!;
      expect(box.height).toBeLessThanOrEqual(100); // it sits on every screen until verified
      expect(button.x + button.width).toBeLessThanOrEqual(390);
      await runAxe(page, 'verify-email notice on a phone');
      await resend.click();
      await expectToast(page, 'Verification email sent');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('keeps profiles behind sign-in and rejects a reset link without a token', async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      await page.goto('/profile');
      await page.getByRole('heading', { name: 'Sign In Required' }).waitFor();
      await runAxe(page, '/profile signed out');
      await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
      await page.waitForURL('**/auth');

      await page.goto('/reset-password');
      await expectToast(page, 'Invalid reset link', 'No reset token found in the URL');
      await page.waitForURL('**/auth');
    } finally {
      await context.close();
    }
  }, 60_000);
});
