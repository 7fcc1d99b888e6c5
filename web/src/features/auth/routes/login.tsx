import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { loginForm, TOASTS } from '../../../../../shared/schemas/account';
import { PasswordField, TextField } from '../../../components/FormField';
import { afterLoginPath, paths } from '../../../lib/paths';
import { useToast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { signIn } from '../api/cognito';
import { AuthCard } from '../components/AuthCard';
import { rememberedEmail, rememberEmail } from '../remember';

/** /login: email, password, Remember Me; back to the page that asked for a login, else home. */
export function Component() {
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const remembered = rememberedEmail();
  const form = useZodForm(loginForm, {
    email: remembered ?? '',
    password: '',
    remember: remembered !== null,
  });

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setBusy(true);
    const remember = Boolean(form.values.remember);
    try {
      await signIn({ email, password, remember });
      rememberEmail(remember ? email : null);
      toast.success(TOASTS.loginSuccess);
      navigate(afterLoginPath(location.state), { replace: true });
    } catch (error) {
      toast.error((error as Error).message);
      setBusy(false);
    }
  });

  return (
    <AuthCard title="Login">
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          {...form.bind('email')}
          error={form.errors.email}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          {...form.bind('password')}
          error={form.errors.password}
        />
        <div className="auth-form__row">
          <label className="field--check">
            <input type="checkbox" {...form.bind('remember')} /> Remember Me
          </label>
          <Link to={paths.forgotPassword}>Forgot Password?</Link>
        </div>
        <button type="submit" className="button button--primary" disabled={!form.isValid || busy}>
          {busy ? 'Logging in…' : 'Login'}
        </button>
      </form>
      <p className="auth-note">
        Don&apos;t have an account? <Link to={paths.signup}>Sign Up</Link>
      </p>
    </AuthCard>
  );
}
