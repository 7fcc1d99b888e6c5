import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  MessageResponse,
  SignOutAnswer,
  UserResponse,
} from '../../../../../shared/schemas/account';
import { api } from '../../../lib/api-client';

/** After a change the profile is reloaded (header and My Account). */
function useReloadUser() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['account', 'user'] });
}

export function useUpdateProfile() {
  const reload = useReloadUser();
  return useMutation({
    mutationFn: (input: { name: string }) =>
      api<UserResponse & MessageResponse>('updateProfile', input),
    onSuccess: reload,
  });
}

export function useUpdateProfileImage() {
  const reload = useReloadUser();
  return useMutation({
    mutationFn: (profileImage: string) =>
      api<UserResponse & MessageResponse>('updateProfileImage', { profile_image: profileImage }),
    onSuccess: reload,
  });
}

export function useUpdatePassword() {
  return useMutation({
    mutationFn: (input: {
      current_password: string;
      new_password: string;
      new_confirm_password: string;
    }) => api<SignOutAnswer>('updatePassword', input),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: () => api<MessageResponse>('deleteAccount', { confirm: true }),
  });
}
