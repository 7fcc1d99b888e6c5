/**
 * Property tests draw their cases from one pinned seed, so a run is the same on every machine
 * and every day; FC_SEED=<integer> draws others (a failure prints the seed and the path that
 * replay it).
 */
import fc from 'fast-check';

const seed = Number(process.env.FC_SEED ?? 20261127);
if (!Number.isInteger(seed)) throw new Error('FC_SEED must be an integer');
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
