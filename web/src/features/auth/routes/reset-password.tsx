import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { resetPasswordForm, TOASTS } from '../../../../../shared/schemas/account';
import { PasswordField } from '../../../components/FormField';
import { paths } from '../../../lib/paths';
import { useToast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { confirmPasswordReset } from '../api/cognito';
import { AuthCard } from '../components/AuthCard';

/** /reset_password/{code}: the link from the password-reset email (works in any browser). */
export function Component() {
  const { code = '' } = useParams();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useZodForm(resetPasswordForm, { password: '', password_confirmation: '' });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setBusy(true);
    try {
      await confirmPasswordReset(code, password);
      toast.success(TOASTS.resetSuccess);
      navigate(paths.resetDone, { replace: true });
    } catch (error) {
      toast.error((error as Error).message);
      setBusy(false);
    }
  });

  return (
    <AuthCard title="Reset Password">
      <p>Choose a new password for your account.</p>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
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
        <button type="submit" className="button button--primary" disabled={!form.isValid || busy}>
          Reset Password
        </button>
      </form>
    </AuthCard>
  );
}
