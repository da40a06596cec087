import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { AUTH_SIGN_IN_TITLE, POST_LOGIN_REDIRECT_MS } from '@saathi/contracts';
import { googleStartRoute } from '../api/routes';
import { CreateAccountForm } from '../components/create-account-form';
import { SignInForm } from '../components/sign-in-form';
import { buttonSecondary, cardClass } from '../components/ui';
import { knownAuthError } from '../lib/auth-url-error';
import { safeReturnPath } from '../lib/return-path';
import { toast } from '../lib/toast-store';
import { usePageTitle } from '../lib/use-page-title';

type Mode = 'signin' | 'register';

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.84 14.09a6.6 6.6 0 0 1 0-4.18V7.07H2.18a11 11 0 0 0 0 9.86l3.66-2.84z" />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.96 10.96 0 0 0 12 1 11 11 0 0 0 2.18 7.07l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}

/** Where a page that sends someone here to sign in wants them back: `navigate('/auth', { state })`. */
export interface AuthReturnState {
  returnTo: string;
}

/**
 * /auth: sign in with email-or-username and password, or create an account; then on to the
 * page that sent the person here (`AuthReturnState`, a path on this site only) or /home. The
 * return path travels in the router's state, not in /auth's URL: the verification link's token
 * would otherwise sit there URL-encoded, which the access log's scrubber (it looks for `token=`)
 * does not recognise.
 */
export default function AuthPage() {
  const [mode, setMode] = useState<Mode>('signin');
  usePageTitle(mode === 'signin' ? AUTH_SIGN_IN_TITLE : 'Join Saathi - Create Account');
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = safeReturnPath((location.state as Partial<AuthReturnState> | null)?.returnTo) ?? '/home';
  const [searchParams, setSearchParams] = useSearchParams();
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Identity sends the browser back here with ?error=... when provider sign-in is unavailable or
  // fails; only its own messages are shown (see knownAuthError), and the parameter is dropped.
  const urlError = searchParams.get('error');
  useEffect(() => {
    if (urlError === null) return;
    const message = knownAuthError(urlError);
    if (message) toast({ title: 'Sign In Failed', description: message, variant: 'destructive' });
    const next = new URLSearchParams(searchParams);
    next.delete('error');
    setSearchParams(next, { replace: true });
  }, [urlError, searchParams, setSearchParams]);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const goOnSoon = () => {
    redirectTimer.current = setTimeout(() => void navigate(returnTo), POST_LOGIN_REDIRECT_MS);
  };

  const isSignIn = mode === 'signin';

  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className={cardClass}>
        <h1 className="text-2xl font-semibold text-slate-900">{isSignIn ? 'Welcome back' : 'Join Saathi'}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {isSignIn
            ? 'Sign in to find activity partners near you.'
            : 'Create an account to post, message and meet people nearby.'}
        </p>

        <div
          role="group"
          aria-label="Choose sign in or create account"
          className="mt-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-sm font-medium"
        >
          <button
            type="button"
            aria-pressed={isSignIn}
            onClick={() => setMode('signin')}
            className={`rounded-md py-2 ${isSignIn ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600'}`}
          >
            Sign in
          </button>
          <button
            type="button"
            aria-pressed={!isSignIn}
            onClick={() => setMode('register')}
            className={`rounded-md py-2 ${!isSignIn ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600'}`}
          >
            Create account
          </button>
        </div>

        {/* Each form keeps its own fields and errors; switching modes starts the other one afresh. */}
        {isSignIn ? <SignInForm onSignedIn={goOnSoon} /> : <CreateAccountForm onSignedIn={goOnSoon} />}

        <div className="my-6 flex items-center gap-3 text-xs text-slate-600">
          <span className="h-px flex-1 bg-slate-200" />
          Or continue with
          <span className="h-px flex-1 bg-slate-200" />
        </div>
        <button
          type="button"
          className={`${buttonSecondary} w-full`}
          onClick={() => {
            window.location.href = googleStartRoute.path;
          }}
        >
          <GoogleIcon />
          {isSignIn ? 'Sign in with Google' : 'Sign up with Google'}
        </button>
      </div>
    </div>
  );
}
