import { history } from '@umijs/max';
import { useEffect } from 'react';
import PageLoading from '@/loading';

/**
 * What the admin layout holds for a signed-in person with no admin page at all (a villager, a
 * village cadre): they are sent to their phone pages, where they can act, instead of an empty frame
 * with a 403 (docs/product.md §14).
 */
export default function PhoneRedirect({ to }: { to: string }) {
  useEffect(() => {
    history.replace(to);
  }, [to]);
  return <PageLoading />;
}
