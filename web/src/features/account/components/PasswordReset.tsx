import { useNavigate } from 'react-router-dom';
import { changePasswordForm, TOASTS } from '../../../../../shared/schemas/account';
import { PasswordField } from '../../../components/FormField';
import { rememberedSession, useSession } from '../../../lib/auth';
import { signIn } from '../../auth/api/cognito';
import { paths } from '../../../lib/paths';
import { useToast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { useUpdatePassword } from '../api/account-mutations';

const EMPTY = { current_password: '', new_password: '', new_confirm_password: '' };

/** Password Reset tab: current, new and confirm-new password, each with Show/Hide. */
export function PasswordReset() {
  const toast = useToast();
  const navigate = useNavigate();
  const update = useUpdatePassword();
  const form = useZodForm(changePasswordForm, EMPTY);
  const session = useSession();
  const email = session.status === 'signedIn' ? session.user.email : undefined;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const answer = await update.mutateAsync(input);
      // Every token issued before the change is refused now, this session's too: sign in
      // again with the new password, without the user noticing (decision 123).
      if (email)
        await signIn({ email, password: input.new_password, remember: rememberedSession() });
      // Other devices' sessions that could not be ended: the answer says what to do (decision 144).
      if (answer.signed_out_everywhere === false) toast.error(answer.message);
      else toast.success(TOASTS.passwordChanged);
      form.reset(EMPTY);
    } catch (error) {
      toast.error((error as Error).message);
    }
  });

  return (
    <form className="account-form" onSubmit={onSubmit} noValidate aria-label="Password Reset">
      <PasswordField
        label="Current Password"
        autoComplete="current-password"
        {...form.bind('current_password')}
        error={form.errors.current_password}
      />
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        {...form.bind('new_password')}
        error={form.errors.new_password}
      />
      <PasswordField
        label="Confirm New Password"
        autoComplete="new-password"
        {...form.bind('new_confirm_password')}
        error={form.errors.new_confirm_password}
      />
      <div className="account-actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={!form.isValid || update.isPending}
        >
          Reset Password
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => navigate(paths.market)}
        >
          Discard Changes
        </button>
      </div>
    </form>
  );
}
