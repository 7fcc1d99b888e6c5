import { z } from 'zod';
import { emptyRequest } from '../schemas/common';
import { defineRoutes } from './types';

/** Placeholder input for routes whose schema arrives with their handler. */
const pending = z.object({}).passthrough();

export const accountRoutes = defineRoutes([
  { id: 'register', method: 'POST', path: '/api/register', auth: false, request: pending, needs: ['userPool', 'table'], summary: 'Create an account (sends the verification email)' },
  { id: 'login', method: 'POST', path: '/api/login', auth: false, request: pending, needs: ['userPool'], summary: 'Sign in with email and password; returns tokens' },
  { id: 'forgotPassword', method: 'POST', path: '/api/forgot-password', auth: false, request: pending, needs: ['userPool'], summary: 'Send the password-reset email' },
  { id: 'passwordReset', method: 'POST', path: '/api/password/reset', auth: false, request: pending, needs: ['userPool'], summary: 'Set a new password with the code from the reset email' },
  { id: 'verifyAccount', method: 'GET', path: '/api/verify_account/{code}', auth: false, request: pending, needs: ['userPool'], summary: 'Confirm an account with the code from the verification email' },
  { id: 'user', method: 'GET', path: '/api/user', auth: true, request: emptyRequest, needs: ['table', 'userPool', 'profileImages'], summary: 'The signed-in user: name, email, profile image URL' },
  { id: 'updateProfile', method: 'POST', path: '/api/updateProfile', auth: true, request: pending, needs: ['table', 'userPool'], summary: 'Change the display name' },
  { id: 'updateProfileImage', method: 'POST', path: '/api/updateProfileimage', auth: true, request: pending, needs: ['table', 'profileImages'], summary: 'Upload a new profile photo' },
  { id: 'updatePassword', method: 'POST', path: '/api/update_password', auth: true, request: pending, needs: ['userPool'], summary: 'Change the password (current password required)' },
  { id: 'deleteAccount', method: 'POST', path: '/api/deleteAccount', auth: true, request: pending, needs: ['table', 'userPool', 'profileImages'], summary: 'Delete the account and everything it owns' },
]);
