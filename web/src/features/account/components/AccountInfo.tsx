import { useEffect, useRef, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  TOASTS,
  updateProfileRequest,
  type AccountUser,
} from '../../../../../shared/schemas/account';
import defaultAvatar from '../../../assets/default-avatar.svg';
import { TextField } from '../../../components/FormField';
import { refreshSession } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useToast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { useUpdateProfile, useUpdateProfileImage } from '../api/account-mutations';
import { readPhoto } from '../photo';

/** Account Info tab: editable name, read-only email, photo with Change Photo. */
export function AccountInfo({ user }: { user: AccountUser }) {
  const toast = useToast();
  const navigate = useNavigate();
  const fileInput = useRef<HTMLInputElement>(null);
  const updateProfile = useUpdateProfile();
  const updateImage = useUpdateProfileImage();
  const form = useZodForm(updateProfileRequest, { name: user.name });
  const { reset } = form;

  useEffect(() => {
    reset({ name: user.name });
  }, [user.name, reset]);

  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      await updateProfile.mutateAsync({ name });
      toast.success(TOASTS.profileSaved);
      void refreshSession();
    } catch (error) {
      toast.error((error as Error).message || TOASTS.profileFailure);
    }
  });

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const photo = await readPhoto(file);
    if ('error' in photo) {
      toast.error(photo.error);
      return;
    }
    try {
      await updateImage.mutateAsync(photo.dataUrl);
      toast.success(TOASTS.uploadSuccess);
    } catch (error) {
      toast.error((error as Error).message || TOASTS.uploadFailure);
    }
  };

  return (
    <form className="account-form" onSubmit={onSubmit} noValidate aria-label="Account Info">
      <div className="account-photo">
        <img
          src={user.profile_image_url ?? defaultAvatar}
          alt="Profile photo"
          width={96}
          height={96}
        />
        <input
          ref={fileInput}
          id="account-photo-input"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-label="Change Photo"
          onChange={(e) => void onPhoto(e)}
        />
        <button
          type="button"
          className="button button--ghost"
          onClick={() => fileInput.current?.click()}
          disabled={updateImage.isPending}
        >
          <span aria-hidden="true">📷 </span>
          {updateImage.isPending ? 'Uploading…' : 'Change Photo'}
        </button>
      </div>
      <TextField
        label="User Name"
        autoComplete="name"
        {...form.bind('name')}
        error={form.errors.name}
      />
      <TextField label="Email" type="email" value={user.email} readOnly />
      <div className="account-actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={!form.isValid || updateProfile.isPending}
        >
          Save Changes
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
