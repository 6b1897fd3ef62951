export { isPublicAddress, literalAddress } from './address-policy';
export { loadFetchPolicy, type FetchPolicy } from './policy';
export {
  safeFetch,
  SafeFetchError,
  SAFE_FETCH_DEFAULTS,
  type SafeFetchErrorCode,
  type SafeFetchOptions,
  type SafeFetchResponse,
} from './safe-fetch';
