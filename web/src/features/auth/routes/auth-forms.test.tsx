import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { setSession } from '../../../test/session-mock';

vi.mock('../../../lib/auth', async () => (await import('../../../test/session-mock')).authMock);

const cognito = vi.hoisted(() => ({
  signUp: vi.fn(),
  signIn: vi.fn(),
  requestPasswordReset: vi.fn(),
  confirmPasswordReset: vi.fn(),
  verifyAccount: vi.fn(),
}));
vi.mock('../api/cognito', () => cognito);

beforeEach(() => {
  setSession({ status: 'guest' });
  window.localStorage.clear();
  for (const fn of Object.values(cognito)) fn.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404 })),
  );
});

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
const blur = (label: string | RegExp) =>
  fireEvent.blur(screen.getByLabelText(label, { selector: 'input' }));
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('sign-up form', () => {
  async function open() {
    const view = renderApp('/signup');
    await screen.findByRole('heading', { level: 1, name: 'Sign Up' });
    return view;
  }

  it('keeps Sign Up disabled until every field is valid and the terms are accepted', async () => {
    await open();
    expect(button('Sign Up').disabled).toBe(true);
    type('Name', 'Ada');
    type('Email', 'ada@example.com');
    type(/^Password/, 'Valid-Passw0rd');
    type('Confirm Password', 'Valid-Passw0rd');
    expect(button('Sign Up').disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox'));
    expect(button('Sign Up').disabled).toBe(false);
  });

  it('shows the product messages under the fields the user left wrong', async () => {
    await open();
    blur('Name');
    type('Email', 'not-an-email');
    type(/^Password/, 'Valid-Passw0rd');
    type('Confirm Password', 'Other-Passw0rd');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('checkbox'));

    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Please enter an appropriate e-mail address')).toBeTruthy();
    expect(screen.getByText('Both passwords need to be the same')).toBeTruthy();
    expect(screen.getByText('You must accept the Terms of Use and Privacy Policy')).toBeTruthy();
  });

  it('requires a password of at least 8 characters with upper case, lower case and a digit', async () => {
    await open();
    type(/^Password/, 'short');
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    type(/^Password/, 'alllowercase1');
    expect(
      screen.getByText(
        'Password must contain an upper-case letter, a lower-case letter and a number',
      ),
    ).toBeTruthy();
  });

  it('links the Terms of Use and the Privacy Policy and explains the product in Learn More', async () => {
    await open();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe(
      '/Termsofuse',
    );
    expect(main.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/Privacypolicy',
    );
    fireEvent.click(button('Learn More'));
    expect(screen.getByRole('dialog', { name: 'Learn More' }).textContent).toContain(
      'P/E, P/B, P/S, EV/EBITDA and DCF',
    );
  });

  it('signs up and goes to the activation notice', async () => {
    cognito.signUp.mockResolvedValue(undefined);
    const { router } = await open();
    type('Name', ' Ada Lovelace ');
    type('Email', 'Ada@Example.com');
    type(/^Password/, 'Valid-Passw0rd');
    type('Confirm Password', 'Valid-Passw0rd');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(button('Sign Up'));

    await screen.findByText('Please Check Your Email for Account Activation!');
    expect(cognito.signUp).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'Valid-Passw0rd',
    });
    expect(router.state.location.pathname).toBe('/sucess');
    expect(screen.getByText('Registered successfully')).toBeTruthy();
  });

  it('shows the failure and stays on the form', async () => {
    cognito.signUp.mockRejectedValue(new Error('An account with this email already exists'));
    const { router } = await open();
    type('Name', 'Ada');
    type('Email', 'ada@example.com');
    type(/^Password/, 'Valid-Passw0rd');
    type('Confirm Password', 'Valid-Passw0rd');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(button('Sign Up'));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'An account with this email already exists',
    );
    expect(router.state.location.pathname).toBe('/signup');
  });
});

describe('login form', () => {
  it('keeps Login disabled and explains what is missing', async () => {
    renderApp('/Login');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(button('Login').disabled).toBe(true);
    type('Email', 'nope');
    blur(/^Password/);
    expect(screen.getByText('Please enter an appropriate email address!')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  it('shows and hides the password', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    const input = screen.getByLabelText(/^Password/, { selector: 'input' });
    expect(input.getAttribute('type')).toBe('password');
    fireEvent.click(button('Show password'));
    expect(input.getAttribute('type')).toBe('text');
    fireEvent.click(button('Hide password'));
    expect(input.getAttribute('type')).toBe('password');
  });

  it('signs in with Remember Me, remembers the email only, and returns to the page that asked', async () => {
    cognito.signIn.mockResolvedValue(undefined);
    const { router } = renderApp({
      pathname: '/login',
      state: { from: { pathname: '/Mytrackedpitches' } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    type('Email', 'ada@example.com');
    type(/^Password/, 'Secret-Passw0rd');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember Me' }));
    fireEvent.click(button('Login'));

    // The toast first: it shows for a few seconds only, and a busy machine can take that long
    // to get from the answer to the next check.
    expect(await screen.findByText('Login Successful!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/Mytrackedpitches'));
    expect(cognito.signIn).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'Secret-Passw0rd',
      remember: true,
    });
    expect(window.localStorage.getItem('mr-market.rememberedEmail')).toBe('ada@example.com');
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('Secret-Passw0rd');
  });

  it('prefills the remembered email with Remember Me checked; unchecking forgets it at the next login', async () => {
    window.localStorage.setItem('mr-market.rememberedEmail', 'ada@example.com');
    cognito.signIn.mockResolvedValue(undefined);
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    const remember = screen.getByRole('checkbox', { name: 'Remember Me' }) as HTMLInputElement;
    expect(remember.checked).toBe(true);

    fireEvent.click(remember);
    type(/^Password/, 'Secret-Passw0rd');
    fireEvent.click(button('Login'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(cognito.signIn).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'Secret-Passw0rd',
      remember: false,
    });
    expect(window.localStorage.getItem('mr-market.rememberedEmail')).toBeNull();
  });

  it('shows the failure message from the sign-in', async () => {
    cognito.signIn.mockRejectedValue(
      new Error("Please check that you've entered the right username and password!"),
    );
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    type('Email', 'ada@example.com');
    type(/^Password/, 'wrong');
    fireEvent.click(button('Login'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      "Please check that you've entered the right username and password!",
    );
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('forgot and reset password', () => {
  it('forgot password validates the email and then shows the check-your-email notice', async () => {
    cognito.requestPasswordReset.mockResolvedValue(undefined);
    const { router } = renderApp('/forget');
    await screen.findByRole('heading', { level: 1, name: 'Forgot Password' });
    expect(button('Submit').disabled).toBe(true);
    type('Email', 'bad');
    expect(screen.getByText('Please enter an appropriate e-mail address')).toBeTruthy();
    type('Email', 'ada@example.com');
    fireEvent.click(button('Submit'));
    await screen.findByText('Please Check Your Email for Password Reset!');
    expect(router.state.location.pathname).toBe('/ResetSucess');
    expect(cognito.requestPasswordReset).toHaveBeenCalledWith('ada@example.com');
  });

  it('reset needs matching passwords, then confirms with the code of the link', async () => {
    cognito.confirmPasswordReset.mockResolvedValue(undefined);
    const { router } = renderApp('/reset_password/123456-YWJj');
    await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
    type(/^Password/, 'New-Passw0rd');
    type('Confirm Password', 'New-Passw0rd!');
    expect(screen.getByText('Both passwords need to be the same')).toBeTruthy();
    expect(button('Reset Password').disabled).toBe(true);
    type('Confirm Password', 'New-Passw0rd');
    fireEvent.click(button('Reset Password'));

    await screen.findByRole('heading', { level: 1, name: 'Password Reset Successful!' });
    expect(cognito.confirmPasswordReset).toHaveBeenCalledWith('123456-YWJj', 'New-Passw0rd');
    expect(router.state.location.pathname).toBe('/ResetSucessmsg');
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Login' }).getAttribute('href'),
    ).toBe('/login');
  });
});

describe('verification link', () => {
  it('shows a spinner, then the success text, the login link and the popup', async () => {
    let done: () => void = () => undefined;
    cognito.verifyAccount.mockReturnValue(new Promise<void>((r) => (done = r)));
    renderApp('/Verify_account/111111-Z29vZA');
    expect(await screen.findByText('Verifying your email…')).toBeTruthy();
    done();
    expect(await screen.findByRole('dialog', { name: 'Account Activated' })).toBeTruthy();
    expect(screen.getAllByText('Your email has been verified successfully').length).toBeGreaterThan(
      0,
    );
    expect(
      screen.getAllByRole('link', { name: 'Login to continue...' })[0]?.getAttribute('href'),
    ).toBe('/login');
    expect(cognito.verifyAccount).toHaveBeenCalledWith('111111-Z29vZA');
  });

  it('a bad or used link shows "Request not found"', async () => {
    cognito.verifyAccount.mockRejectedValue(new Error('Request not found'));
    renderApp('/Verify_account/222222-YmFk');
    expect((await screen.findByRole('alert')).textContent).toBe('Request not found');
  });
});

describe('logout', () => {
  it('says so when the other devices could not be signed out, instead of going home', async () => {
    const { authMock } = await import('../../../test/session-mock');
    const incomplete =
      'You are signed out on this device, but signing out your other devices did not complete.';
    const signOut = vi.spyOn(authMock, 'signOutEverywhere').mockResolvedValue(incomplete);
    renderApp('/logout');
    expect((await screen.findByRole('alert')).textContent).toBe(incomplete);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Signed out on this device');
    expect(signOut).toHaveBeenCalledWith('/', { reportIncomplete: true });
    signOut.mockRestore();
  });
});
