import {
  deleteAccountRequest,
  forgotPasswordRequest,
  loginRequest,
  passwordResetRequest,
  registerRequest,
  updatePasswordRequest,
  updateProfileImageRequest,
  updateProfileRequest,
  verifyAccountRequest,
} from '../schemas/account';
import { emptyRequest } from '../schemas/common';
import { defineRoutes } from './types';

export const accountRoutes = defineRoutes([
  { id: 'register', method: 'POST', path: '/api/register', auth: false, handler: 'api/register', request: registerRequest, needs: ['userPool'], summary: 'Create an account (sends the verification email)' },
  { id: 'login', method: 'POST', path: '/api/login', auth: false, handler: 'api/login', request: loginRequest, needs: ['userPool'], summary: 'Sign in with email and password; returns tokens' },
  { id: 'forgotPassword', method: 'POST', path: '/api/forgot-password', auth: false, handler: 'api/forgotPassword', request: forgotPasswordRequest, needs: ['userPool'], summary: 'Send the password-reset email' },
  { id: 'passwordReset', method: 'POST', path: '/api/password/reset', auth: false, handler: 'api/passwordReset', request: passwordResetRequest, needs: ['userPool'], summary: 'Set a new password with the code from the reset email' },
  { id: 'verifyAccount', method: 'GET', path: '/api/verify_account/{code}', auth: false, handler: 'api/verifyAccount', request: verifyAccountRequest, needs: ['userPool'], summary: 'Confirm an account with the code from the verification email' },
  { id: 'user', method: 'GET', path: '/api/user', auth: true, handler: 'api/user', request: emptyRequest, needs: ['table', 'userPool', 'profileImages'], summary: 'The signed-in user: name, email, profile image URL' },
  { id: 'updateProfile', method: 'POST', path: '/api/updateProfile', auth: true, handler: 'api/updateProfile', request: updateProfileRequest, needs: ['table', 'userPool'], summary: 'Change the display name' },
  { id: 'updateProfileImage', method: 'POST', path: '/api/updateProfileimage', auth: true, handler: 'api/updateProfileImage', request: updateProfileImageRequest, needs: ['table', 'userPool', 'profileImages'], summary: 'Upload a new profile photo' },
  { id: 'updatePassword', method: 'POST', path: '/api/update_password', auth: true, handler: 'api/updatePassword', request: updatePasswordRequest, needs: ['userPool'], summary: 'Change the password (current password required)' },
  { id: 'deleteAccount', method: 'POST', path: '/api/deleteAccount', auth: true, handler: 'api/deleteAccount', request: deleteAccountRequest, needs: ['table', 'userPool', 'profileImages'], summary: 'Delete the account and everything it owns' },
]);
