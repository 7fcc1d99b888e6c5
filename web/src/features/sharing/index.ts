/** What other features use of sharing: the Share button and the public record setting. */
export { ShareButton } from './components/ShareButton';
export { PublicRecordSettings } from './components/PublicRecordSettings';
