import { useState, type SubmitEvent } from 'react';
import { useRegister } from '../api/use-auth';
import { serverMessage } from '../lib/error-message';
import { fieldErrors } from '../lib/form-errors';
import { CONNECTION_PROBLEM, loadFormSchemas, prefetchFormSchemas } from '../lib/load-form-schemas';
import { toast } from '../lib/toast-store';
import { FieldError } from './field-error';
import { PasswordInput } from './password-input';
import { TextField } from './text-field';
import { buttonPrimary, labelClass } from './ui';

const empty = { username: '', email: '', phone: '', password: '' };

/** Username, email, phone and password; `onSignedIn` runs after the welcome toast. */
export function CreateAccountForm({ onSignedIn }: { onSignedIn: () => void }) {
  const register = useRegister();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = async (e: SubmitEvent) => {
    e.preventDefault();
    const schemas = await loadFormSchemas().catch(() => null);
    if (!schemas) {
      toast({ title: 'Registration Failed', description: CONNECTION_PROBLEM, variant: 'destructive' });
      return;
    }
    const parsed = schemas.registerBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    register.mutate(parsed.data, {
      onSuccess: (user) => {
        toast({
          title: 'Account Created!',
          description: `Welcome to Saathi, ${user.username || parsed.data.username}!`,
        });
        onSignedIn();
      },
      onError: (error) =>
        toast({
          title: 'Registration Failed',
          description: serverMessage(error) ?? 'Please check your information and try again',
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
        id="username"
        label="Username"
        autoComplete="username"
        value={values.username}
        onChange={(username) => setValues((v) => ({ ...v, username }))}
        error={errors.username}
      />
      <TextField
        id="email"
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(email) => setValues((v) => ({ ...v, email }))}
        error={errors.email}
      />
      <TextField
        id="phone"
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        value={values.phone}
        onChange={(phone) => setValues((v) => ({ ...v, phone }))}
        error={errors.phone}
      />
      <div>
        <label htmlFor="new-password" className={labelClass}>
          Password
        </label>
        <PasswordInput
          id="new-password"
          value={values.password}
          onChange={(password) => setValues((v) => ({ ...v, password }))}
          autoComplete="new-password"
          invalid={!!errors.password}
          describedBy={errors.password ? 'new-password-error' : undefined}
        />
        <FieldError id="new-password-error" message={errors.password} />
      </div>
      <button type="submit" className={`${buttonPrimary} w-full`} disabled={register.isPending}>
        {register.isPending ? 'Creating Account...' : 'Create Account'}
      </button>
    </form>
  );
}
