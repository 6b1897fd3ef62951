export { isLoopbackAddress, isPublicAddress, literalAddress } from './address-policy';
export { loadFetchPolicy, type FetchPolicy } from './policy';
export {
  safeFetch,
  safeFetchStream,
  SafeFetchError,
  SAFE_FETCH_DEFAULTS,
  type SafeFetchErrorCode,
  type SafeFetchOptions,
  type SafeFetchResponse,
  type SafeFetchStreamResponse,
} from './safe-fetch';
