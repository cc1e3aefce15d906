import path from 'node:path';
import type { IApi } from '@umijs/max';

/**
 * The admin frame (src/layouts/AdminLayout.tsx) wraps every route not marked `layout: false`, as
 * Umi's layout plugin would with ProLayout; ours is a plain antd Layout (ADR 0035).
 */
export const ADMIN_LAYOUT_ID = 'admin-layout';

export default (api: IApi) => {
  api.addLayouts(() => [
    {
      id: ADMIN_LAYOUT_ID,
      file: path.resolve(__dirname, '../src/layouts/AdminLayout.tsx'),
      test: (route: { layout?: boolean }) => route.layout !== false,
    },
  ]);
};
