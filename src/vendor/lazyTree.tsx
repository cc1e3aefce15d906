// antd's Table imports its Tree (with rc-tree) for column filters shown as a tree
// (`filterMode: 'tree'`), which no list here shows on first paint: filters live in the search form
// above each list. config/proTrim.ts answers that import with this module (ADR 0047): the real
// Tree, loaded when a tree filter first opens.
import React, { Suspense } from 'react';

const Tree = React.lazy(() => import('antd/es/tree'));

export default function LazyTree(props: React.ComponentProps<typeof Tree>) {
  return (
    <Suspense fallback={null}>
      <Tree {...props} />
    </Suspense>
  );
}
