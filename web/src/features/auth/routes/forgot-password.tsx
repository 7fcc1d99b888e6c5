import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { forgotPasswordForm } from '../../../../../shared/schemas/account';
import { TextField } from '../../../components/FormField';
import { paths } from '../../../lib/paths';
import { useToast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { requestPasswordReset } from '../api/cognito';
import { AuthCard } from '../components/AuthCard';

/** /forget: sends the reset link, then /ResetSucess. */
export function Component() {
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useZodForm(forgotPasswordForm, { email: '' });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setBusy(true);
    try {
      await requestPasswordReset(email);
      navigate(paths.resetRequested);
    } catch (error) {
      toast.error((error as Error).message);
      setBusy(false);
    }
  });

  return (
    <AuthCard title="Forgot Password">
      <p>Enter your email and we will send you a link to reset your password.</p>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          {...form.bind('email')}
          error={form.errors.email}
        />
        <button type="submit" className="button button--primary" disabled={!form.isValid || busy}>
          Submit
        </button>
      </form>
      <p className="auth-note">
        <Link to={paths.login}>Back to Login</Link>
      </p>
    </AuthCard>
  );
}
