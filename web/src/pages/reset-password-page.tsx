import { useEffect, useState, type SubmitEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { resetPasswordBodySchema } from '@saathi/contracts';
import { useResetPassword, useResetTokenValidation } from '../api/use-password-reset';
import { PasswordInput } from '../components/password-input';
import { isApiError } from '../api/api-error';
import { NoticeCard } from '../components/notice-card';
import { buttonPrimary, cardClass, labelClass } from '../components/ui';
import { serverMessage } from '../lib/error-message';
import { toast } from '../lib/toast-store';
import { usePageTitle } from '../lib/use-page-title';

/** /reset-password?token=…: validating, then the new-password form, then done. */
export default function ResetPasswordPage() {
  usePageTitle('Reset Password - Saathi');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const validation = useResetTokenValidation(token);
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [completedMessage, setCompletedMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!token) {
      toast({
        title: 'Invalid reset link',
        description: 'No reset token found in the URL',
        variant: 'destructive',
      });
      void navigate('/auth', { replace: true });
    }
  }, [token, navigate]);

  const invalid = validation.data ? !validation.data.valid : false;
  const failed = validation.isError;
  useEffect(() => {
    if (!invalid && !failed) return;
    if (failed && !isApiError(validation.error)) {
      toast({ title: 'Error', description: 'Failed to validate reset token', variant: 'destructive' });
    } else {
      const message =
        validation.data?.message ||
        serverMessage(validation.error) ||
        'This password reset link is invalid or has expired';
      toast({ title: 'Invalid or expired link', description: message, variant: 'destructive' });
    }
    void navigate('/auth', { replace: true });
  }, [invalid, failed, validation.data, validation.error, navigate]);

  const mismatch = confirmPassword.length > 0 && password !== confirmPassword;

  const onSubmit = (e: SubmitEvent) => {
    e.preventDefault();
    const parsed = resetPasswordBodySchema.safeParse({ token: token ?? '', password, confirmPassword });
    if (!parsed.success) {
      toast({ title: 'Invalid input', description: parsed.error.issues[0]?.message, variant: 'destructive' });
      return;
    }
    reset.mutate(parsed.data, {
      onSuccess: (res) => {
        const message =
          res.message || 'Your password has been reset. You can now sign in with your new password.';
        toast({ title: 'Password reset successful', description: message });
        setCompletedMessage(message);
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: serverMessage(error) ?? 'Failed to reset password',
          variant: 'destructive',
        }),
    });
  };

  if (!token || validation.isLoading || invalid || failed || !validation.data) {
    return (
      <div role="status" className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-slate-600">
        <Loader2 className="h-8 w-8 animate-spin text-teal-700" aria-hidden="true" />
        <p className="mt-4">Validating reset link...</p>
      </div>
    );
  }

  if (completedMessage !== null) {
    return (
      <div className="mx-auto max-w-md px-4 py-10">
        <NoticeCard icon={CheckCircle2} title="Password Reset Complete">
          <p className="mt-2 text-slate-600">{completedMessage}</p>
          <Link to="/auth" className={`${buttonPrimary} mt-6 w-full`}>
            Sign In Now
          </Link>
        </NoticeCard>
      </div>
    );
  }

  const disabled = reset.isPending || !password || !confirmPassword || password !== confirmPassword;
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className={cardClass}>
        <h1 className="text-2xl font-semibold text-slate-900">Set New Password</h1>
        <p className="mt-1 text-sm text-slate-600">Choose a new password for your account.</p>
        <form onSubmit={onSubmit} className="mt-6 space-y-4" noValidate>
          <div>
            <label htmlFor="new-password" className={labelClass}>
              New Password
            </label>
            <PasswordInput
              id="new-password"
              value={password}
              onChange={setPassword}
              autoComplete="new-password"
              describedBy="password-hint"
            />
            <p id="password-hint" className="mt-1.5 text-xs text-slate-600">
              Password must be at least 6 characters long
            </p>
          </div>
          <div>
            <label htmlFor="confirm-password" className={labelClass}>
              Confirm New Password
            </label>
            <PasswordInput
              id="confirm-password"
              value={confirmPassword}
              onChange={setConfirmPassword}
              autoComplete="new-password"
              invalid={mismatch}
              describedBy={mismatch ? 'confirm-password-error' : undefined}
            />
            {mismatch ? (
              <p id="confirm-password-error" role="alert" className="mt-1.5 text-sm text-red-700">
                Passwords don&apos;t match
              </p>
            ) : null}
          </div>
          <button type="submit" className={`${buttonPrimary} w-full`} disabled={disabled}>
            {reset.isPending ? 'Resetting Password...' : 'Reset Password'}
          </button>
        </form>
      </div>
    </div>
  );
}
