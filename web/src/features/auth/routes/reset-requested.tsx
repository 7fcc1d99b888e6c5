import { AuthCard } from '../components/AuthCard';

export function Component() {
  return (
    <AuthCard title="Check Your Email">
      <p role="status">Please Check Your Email for Password Reset!</p>
    </AuthCard>
  );
}
