// The desktop app's live connection follows the admin session. The renderer learns about the
// session from the API answers it already gets, so the admin screens need no desktop hooks:
// a successful login or /me means signed in; logout, or a 401 from any admin call, signed out.

/** true/false when the response says something about the session, null when it does not. */
export function sessionSignal(method: string, url: string, status: number): boolean | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://renderer.invalid').pathname;
  } catch {
    return null;
  }
  const adminAt = pathname.indexOf('/api/admin/');
  if (adminAt === -1) return null;
  const route = pathname.slice(adminAt + '/api/admin'.length);
  const verb = method.toUpperCase();
  if (route === '/logout' && verb === 'POST') return false;
  if (route === '/login' && verb === 'POST') return status === 200 ? true : null;
  if (route === '/me' && status === 200) return true;
  if (status === 401) return false;
  return null;
}

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.toString();
  return input.url;
}

/** A fetch that reports what its admin API answers say about the session. */
export function observeSession(
  baseFetch: typeof fetch,
  report: (signedIn: boolean) => void,
): typeof fetch {
  return async (input, init) => {
    const response = await baseFetch(input, init);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const signal = sessionSignal(method, requestUrl(input), response.status);
    if (signal !== null) report(signal);
    return response;
  };
}
