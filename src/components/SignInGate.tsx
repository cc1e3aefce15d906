import { history, useLocation } from '@umijs/max';
import { useEffect } from 'react';
import { signInRedirect } from '@/hooks/useSignInGuard';
import PageLoading from '@/loading';
import { handleUnauthorized } from '@/utils/requestConfig';

/**
 * What the admin layout holds while nobody is signed in: a spinner instead of the shell, so neither
 * the header nor a page calls the API. A visitor who never signed in goes to the login page quietly,
 * with the way back; a session the server refused when the app loaded says so first, as every
 * answer with body code 401 does (docs/product.md §14).
 */
export default function SignInGate({ sessionEnded }: { sessionEnded: boolean }) {
  const { pathname, search, hash } = useLocation();
  const login = signInRedirect(undefined, pathname + search + hash);
  useEffect(() => {
    if (sessionEnded) handleUnauthorized();
    else if (login) history.replace(login);
  }, [sessionEnded, login]);
  return <PageLoading />;
}
