import { useModel } from '@umijs/max';
import { lazy, Suspense } from 'react';
import SignInGate from '@/components/SignInGate';
import PageLoading from '@/loading';

// The frame brings antd, the menu and the header: a visitor without a session never loads it.
const AdminFrame = lazy(() => import('@/components/AdminShell/AdminFrame'));
const AdminProviders = lazy(() => import('@/components/AntdProviders'));
const SessionUnavailable = lazy(() => import('@/components/AdminShell/SessionUnavailable'));

/**
 * Every admin route (config/adminLayout.ts). Nothing of the shell (header, bell, menu, page) before a
 * user exists: it would call the API.
 */
export default function AdminLayout() {
  const { initialState } = useModel('@@initialState');
  if (initialState?.currentUser) {
    return (
      <Suspense fallback={<PageLoading />}>
        <AdminFrame user={initialState.currentUser} settings={initialState.settings} />
      </Suspense>
    );
  }
  if (initialState?.sessionProblem === 'unreachable') {
    return (
      <Suspense fallback={<PageLoading />}>
        <AdminProviders>
          <SessionUnavailable />
        </AdminProviders>
      </Suspense>
    );
  }
  return <SignInGate sessionEnded={initialState?.sessionProblem === 'ended'} />;
}
