import React, { lazy, Suspense } from 'react';
import { ContentBoundary, ErrorBoundary } from './index';

// The phone frame comes with the phone pages' shared code, never in the entry chunk.
const MobileLayout = lazy(() => import('@/components/MobileLayout'));

/**
 * Around each /app route: each phone page draws its own frame (MobileLayout), so when the page's
 * code does not arrive, its frame does not either. The message then stands in a frame of its own,
 * the bar with the page's title and the tab bar to go elsewhere; if even that cannot load, the
 * message alone.
 */
export default function PhoneRouteBoundary({ title, children }: { title?: string; children?: React.ReactNode }) {
  return (
    <ContentBoundary
      frame={(message) => (
        <ErrorBoundary>
          <Suspense fallback={message}>
            <MobileLayout title={title ?? ''} tabBar>
              {message}
            </MobileLayout>
          </Suspense>
        </ErrorBoundary>
      )}
    >
      {children}
    </ContentBoundary>
  );
}
