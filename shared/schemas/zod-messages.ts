import * as z from 'zod/mini';
import { en } from 'zod/locales';

/**
 * zod/mini carries no messages of its own: an issue a schema gives no message for reads
 * "Invalid input". Classic zod set English on its first schema; every module that builds
 * schemas imports this one, so people and API clients read the same English messages as
 * before (decision 097). A locale set elsewhere first is kept.
 */
if (!z.config().localeError) z.config(en());
