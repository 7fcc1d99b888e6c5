import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { signupForm, TOASTS } from '../../../../../shared/schemas/account';
import { Dialog } from '../../../components/Dialog';
import { PasswordField, TextField } from '../../../components/FormField';
import { paths } from '../../../lib/paths';
import { useToast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { signUp } from '../api/cognito';
import { AuthCard } from '../components/AuthCard';

/** /signup: the activation email follows; success goes to /success. */
export function Component() {
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [learnMore, setLearnMore] = useState(false);
  const form = useZodForm(signupForm, {
    name: '',
    email: '',
    password: '',
    password_confirmation: '',
    terms_and_conditions: false,
  });

  const onSubmit = form.handleSubmit(async ({ name, email, password }) => {
    setBusy(true);
    try {
      await signUp({ name, email, password });
      toast.success(TOASTS.registerSuccess);
      navigate(paths.signupSuccess);
    } catch (error) {
      toast.error((error as Error).message);
      setBusy(false);
    }
  });

  return (
    <AuthCard title="Sign Up">
      <p>
        Create your Mr. Market account.{' '}
        <button type="button" className="link-button" onClick={() => setLearnMore(true)}>
          Learn More
        </button>
      </p>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Name"
          autoComplete="name"
          {...form.bind('name')}
          error={form.errors.name}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          {...form.bind('email')}
          error={form.errors.email}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          {...form.bind('password')}
          error={form.errors.password}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          {...form.bind('password_confirmation')}
          error={form.errors.password_confirmation}
        />
        <div className="field">
          <label className="field--check">
            <input type="checkbox" {...form.bind('terms_and_conditions')} />
            <span>
              I agree to the <Link to={paths.terms}>Terms of Use</Link> and{' '}
              <Link to={paths.privacy}>Privacy Policy</Link>
            </span>
          </label>
          {form.errors.terms_and_conditions && (
            <p className="field__error">{form.errors.terms_and_conditions}</p>
          )}
        </div>
        <button type="submit" className="button button--primary" disabled={!form.isValid || busy}>
          {busy ? 'Signing up…' : 'Sign Up'}
        </button>
      </form>
      <p className="auth-note">
        Already have an account? <Link to={paths.login}>Login</Link>
      </p>
      {learnMore && (
        <Dialog title="Learn More" onClose={() => setLearnMore(false)}>
          <p>
            Mr. Market lets you access fundamental data on NYSE and NASDAQ stocks, value stocks with
            P/E, P/B, P/S, EV/EBITDA and DCF models, and track the stocks you pitched.
          </p>
        </Dialog>
      )}
    </AuthCard>
  );
}
