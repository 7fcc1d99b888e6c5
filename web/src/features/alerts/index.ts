/** What other features use of alerts: the "Alert me" button (it opens the alert dialog). */
export { AlertButton } from './components/AlertButton';
export type { AlertTarget } from './components/AlertDialog';
