import { useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router-dom';

/** A change to the address's parameters, from the parameters as they stand. */
export type ParamsUpdate = (current: URLSearchParams) => URLSearchParams;

/** The address's search parameters and their setter, as `useAddressParams` gives them. */
export type AddressParams = [
  URLSearchParams,
  (update: ParamsUpdate, options?: NavigateOptions) => void,
];

/**
 * The address's search parameters, and a setter whose changes compose.
 *
 * react-router's own functional setter hands the updater the parameters of the last render, so
 * two changes made before the page renders again (two date fields filled one after the other,
 * on a busy machine) lose the first. This setter hands each change the parameters the previous
 * change asked for, until the router renders an address of its own. Changes compose within one
 * call of the hook: a component whose parts each keep a parameter shares one call among them.
 */
export function useAddressParams(): AddressParams {
  const [params, setParams] = useSearchParams();
  // The last change asked for, and the rendered parameters it was asked on.
  const pending = useRef<{ on: URLSearchParams; next: URLSearchParams } | null>(null);
  const update = (change: ParamsUpdate, options?: NavigateOptions) => {
    const base = pending.current?.on === params ? pending.current.next : params;
    const next = change(new URLSearchParams(base));
    pending.current = { on: params, next };
    setParams(next, options);
  };
  return [params, update];
}
