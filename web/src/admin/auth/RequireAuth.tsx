import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAdminConfig } from '../api/ApiContext';
import { StatusScreen } from '../components/StatusScreen';
import { useMe } from '../queries/useMe';
import { useAuthUi } from '../store/auth-ui';
import { buildReturnTo, LOGIN_ROUTE, loginPath } from './return-to';

/** Spec section 2: every admin page but the login page needs a session. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const { basename } = useAdminConfig();
  const unauthenticated = me.isSuccess && me.data === null;

  useEffect(() => {
    if (!unauthenticated) return;
    const target = useAuthUi.getState().signedOut
      ? LOGIN_ROUTE
      : loginPath(buildReturnTo(basename, location.pathname, location.search));
    navigate(target, { replace: true });
  }, [unauthenticated, basename, location.pathname, location.search, navigate]);

  if (me.isPending) return <StatusScreen text="Checking authentication..." />;
  if (!me.data) return <StatusScreen text="Redirecting to login..." />;
  return <>{children}</>;
}
