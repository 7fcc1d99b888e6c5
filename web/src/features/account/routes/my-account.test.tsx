import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import defaultAvatar from '../../../assets/default-avatar.svg';
import { renderApp } from '../../../test/render-app';
import { setSession, signedIn } from '../../../test/session-mock';

vi.mock('../../../lib/auth', async () => (await import('../../../test/session-mock')).authMock);
const signIn = vi.hoisted(() => vi.fn(async (_input: unknown) => undefined));
vi.mock('../../auth/api/cognito', () => ({ signIn }));

interface Call {
  path: string;
  method: string;
  body: unknown;
}
let calls: Call[] = [];
let replies: Record<string, () => Response> = {};
const user = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  profile: null,
  profile_image_url: null,
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  setSession(signedIn('Ada Lovelace'));
  calls = [];
  replies = { '/api/user': () => json(200, { user }) };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push({
        path,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      const reply = replies[path];
      return reply ? reply() : new Response('{}', { status: 404 });
    }),
  );
});

async function open(tab?: 'Password Reset') {
  const view = renderApp('/Myaccount');
  await screen.findByRole('heading', { level: 1, name: 'My Account' });
  if (tab) fireEvent.click(screen.getByRole('tab', { name: tab }));
  return view;
}
const field = (label: string) =>
  screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

describe('My Account: Account Info', () => {
  it('shows the editable name, the read-only email and the default photo', async () => {
    await open();
    await waitFor(() => expect(field('User Name').value).toBe('Ada Lovelace'));
    expect(field('Email').value).toBe('ada@example.com');
    expect(field('Email').readOnly).toBe(true);
    expect(screen.getByRole('img', { name: 'Profile photo' }).getAttribute('src')).toBe(
      defaultAvatar,
    );
    expect(screen.getByRole('tab', { name: 'Account Info' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('saves a new name and says "Changes Saved!"', async () => {
    replies['/api/updateProfile'] = () =>
      json(200, { message: 'Changes Saved!', user: { ...user, name: 'Ada King' } });
    await open();
    await waitFor(() => expect(field('User Name').value).toBe('Ada Lovelace'));
    type('User Name', 'Ada King');
    fireEvent.click(button('Save Changes'));
    expect(await screen.findByText('Changes Saved!')).toBeTruthy();
    expect(posts('/api/updateProfile')[0]?.body).toEqual({ name: 'Ada King' });
  });

  it('refuses an empty name before calling the API', async () => {
    await open();
    await waitFor(() => expect(field('User Name').value).toBe('Ada Lovelace'));
    type('User Name', '   ');
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(button('Save Changes').disabled).toBe(true);
    expect(posts('/api/updateProfile')).toEqual([]);
  });

  it('shows the server message when saving fails', async () => {
    replies['/api/updateProfile'] = () =>
      json(400, { message: 'Name must be at most 100 characters' });
    await open();
    await waitFor(() => expect(field('User Name').value).toBe('Ada Lovelace'));
    type('User Name', 'Ada K');
    fireEvent.click(button('Save Changes'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Name must be at most 100 characters',
    );
  });

  it('uploads a chosen PNG as a data URL and says "Upload Successful!"', async () => {
    replies['/api/updateProfileimage'] = () => json(200, { message: 'Upload Successful!', user });
    await open();
    await waitFor(() => expect(field('User Name').value).toBe('Ada Lovelace'));
    const file = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
      'me.png',
      { type: 'image/png' },
    );
    fireEvent.change(screen.getByLabelText('Change Photo', { selector: 'input' }), {
      target: { files: [file] },
    });
    expect(await screen.findByText('Upload Successful!')).toBeTruthy();
    expect(posts('/api/updateProfileimage')[0]?.body).toEqual({
      profile_image: 'data:image/png;base64,iVBORw0KGgo=',
    });
  });

  it('refuses a file that is not a JPEG, PNG or WebP image without uploading', async () => {
    await open();
    await waitFor(() => expect(field('User Name').value).toBe('Ada Lovelace'));
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByLabelText('Change Photo', { selector: 'input' }), {
      target: { files: [file] },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Please choose a JPEG, PNG or WebP image',
    );
    expect(posts('/api/updateProfileimage')).toEqual([]);
  });

  it('Discard Changes goes to the market page', async () => {
    const { router } = await open();
    await waitFor(() => expect(field('User Name').value).toBe('Ada Lovelace'));
    fireEvent.click(button('Discard Changes'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Market'));
  });
});

describe('My Account: Password Reset', () => {
  it('keeps Reset Password disabled and shows the product messages', async () => {
    await open('Password Reset');
    expect(button('Reset Password').disabled).toBe(true);
    fireEvent.blur(field('Current Password'));
    fireEvent.blur(field('New Password'));
    expect(screen.getByText('Current Password is required')).toBeTruthy();
    expect(screen.getByText('New Password is required')).toBeTruthy();
    type('New Password', 'Valid-Passw0rd');
    type('Confirm New Password', 'Valid-Passw0rd2');
    expect(screen.getByText('Both passwords need to be the same')).toBeTruthy();
  });

  it('each password field has its own Show/Hide toggle', async () => {
    await open('Password Reset');
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(3);
    fireEvent.click(toggles[1]!);
    expect(field('New Password').type).toBe('text');
    expect(field('Current Password').type).toBe('password');
  });

  it('changes the password and says "Password Reset Successful!"', async () => {
    replies['/api/update_password'] = () => json(200, { message: 'Password Reset Successful!' });
    await open('Password Reset');
    type('Current Password', 'Old-Passw0rd');
    type('New Password', 'New-Passw0rd');
    type('Confirm New Password', 'New-Passw0rd');
    fireEvent.click(button('Reset Password'));
    expect(await screen.findByText('Password Reset Successful!')).toBeTruthy();
    expect(posts('/api/update_password')[0]?.body).toEqual({
      current_password: 'Old-Passw0rd',
      new_password: 'New-Passw0rd',
      new_confirm_password: 'New-Passw0rd',
    });
    await waitFor(() => expect(field('Current Password').value).toBe(''));
    // The old tokens are refused from now on: the app signs in again with the new password.
    expect(signIn).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'New-Passw0rd',
      remember: false,
    });
  });

  it('shows the server error when the current password is wrong', async () => {
    replies['/api/update_password'] = () =>
      json(400, { message: 'The current password is not correct' });
    await open('Password Reset');
    type('Current Password', 'Wrong-Passw0rd');
    type('New Password', 'New-Passw0rd');
    type('Confirm New Password', 'New-Passw0rd');
    fireEvent.click(button('Reset Password'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The current password is not correct',
    );
  });
});

describe('My Account: delete account', () => {
  it('asks for confirmation; Cancel deletes nothing', async () => {
    await open();
    fireEvent.click(button('Delete Account'));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts('/api/deleteAccount')).toEqual([]);
  });

  it('deletes after confirmation with {confirm: true} and says "Account Deleted!"', async () => {
    replies['/api/deleteAccount'] = () => json(200, { message: 'Account Deleted!' });
    await open();
    fireEvent.click(button('Delete Account'));
    fireEvent.click(button('Yes, delete my account'));
    expect(await screen.findByText('Account Deleted!')).toBeTruthy();
    expect(posts('/api/deleteAccount')[0]?.body).toEqual({ confirm: true });
  });

  it('a failed deletion shows an error toast', async () => {
    replies['/api/deleteAccount'] = () =>
      json(500, { message: 'Something went wrong. Please try again.' });
    await open();
    fireEvent.click(button('Delete Account'));
    fireEvent.click(button('Yes, delete my account'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error Delete !');
    expect(alert.className).toContain('toast--error');
  });
});

describe('header for a signed-in user with a profile', () => {
  it('shows the photo and the name from the profile', async () => {
    replies['/api/user'] = () =>
      json(200, {
        user: {
          ...user,
          name: 'Ada K.',
          profile: 'u-1.png',
          profile_image_url: 'https://cdn.example/images/profile/u-1.png',
        },
      });
    renderApp('/Aboutus');
    const header = screen.getByRole('banner');
    const menu = await within(header).findByRole('button', { name: 'Ada K.' });
    expect(menu.querySelector('img')?.getAttribute('src')).toBe(
      'https://cdn.example/images/profile/u-1.png',
    );
  });
});
