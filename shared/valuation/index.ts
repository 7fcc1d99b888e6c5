/**
 * Valuation models (P/E, P/B, P/S, EV/EBITDA) as pure, exact shared math: the screen and
 * the server compute identical figures with these functions. See README.md for the rules.
 */
export * from './decimal';
export * from './outcomes';
export * from './models';
export * from './dcf';
export * from './history';
export * from './prefill';
export * from './schemas';
export * from './verify';
export * from './sensitivity';
export * from './scenarios';
export * from './context';
export * from './value-line';
