import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { AuthCard } from '../components/AuthCard';

export function Component() {
  return (
    <AuthCard title="Check Your Email">
      <p role="status">Please Check Your Email for Account Activation!</p>
      <p className="auth-note">
        Already activated? <Link to={paths.login}>Login</Link>
      </p>
    </AuthCard>
  );
}
