import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router-dom';
import { useLogin } from '../api/use-auth';
import { serverMessage } from '../lib/error-message';
import { fieldErrors } from '../lib/form-errors';
import { CONNECTION_PROBLEM, loadFormSchemas, prefetchFormSchemas } from '../lib/load-form-schemas';
import { toast } from '../lib/toast-store';
import { FieldError } from './field-error';
import { PasswordInput } from './password-input';
import { TextField } from './text-field';
import { buttonPrimary, labelClass, linkClass } from './ui';

/** Email-or-username and password; `onSignedIn` runs after the welcome toast. */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const login = useLogin();
  const [values, setValues] = useState({ identifier: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = async (e: SubmitEvent) => {
    e.preventDefault();
    const schemas = await loadFormSchemas().catch(() => null);
    if (!schemas) {
      toast({ title: 'Login Failed', description: CONNECTION_PROBLEM, variant: 'destructive' });
      return;
    }
    const parsed = schemas.loginBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Welcome back!' });
        onSignedIn();
      },
      onError: (error) =>
        toast({
          title: 'Login Failed',
          description: serverMessage(error) ?? 'Please check your credentials',
          variant: 'destructive',
        }),
    });
  };

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      onFocus={prefetchFormSchemas}
      className="mt-6 space-y-4"
      noValidate
    >
      <TextField
        id="identifier"
        label="Email or Username"
        autoComplete="username"
        value={values.identifier}
        onChange={(identifier) => setValues((v) => ({ ...v, identifier }))}
        error={errors.identifier}
      />
      <div>
        <div className="flex items-baseline justify-between">
          <label htmlFor="password" className={labelClass}>
            Password
          </label>
          <Link to="/forgot-password" className={`${linkClass} text-sm`}>
            Forgot your password?
          </Link>
        </div>
        <PasswordInput
          id="password"
          value={values.password}
          onChange={(password) => setValues((v) => ({ ...v, password }))}
          autoComplete="current-password"
          invalid={!!errors.password}
          describedBy={errors.password ? 'password-error' : undefined}
        />
        <FieldError id="password-error" message={errors.password} />
      </div>
      <button type="submit" className={`${buttonPrimary} w-full`} disabled={login.isPending}>
        {login.isPending ? 'Signing In...' : 'Sign In'}
      </button>
    </form>
  );
}
