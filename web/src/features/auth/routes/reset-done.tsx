import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { AuthCard } from '../components/AuthCard';

export function Component() {
  return (
    <AuthCard title="Password Reset Successful!">
      <p>You can now log in with your new password.</p>
      <p className="auth-note">
        <Link to={paths.login} className="button button--primary">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
