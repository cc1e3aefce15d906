/** /api/roles (server/routes/roles.ts): the list, filtered by name, for the user pages' choices. */
import { roles } from './fixtures';
import { admin, okPage } from './http';
import { contains } from './query';

export const roleHandlers = [
  admin.get('/roles', ({ request }) => {
    const url = new URL(request.url);
    return okPage(
      roles.filter((r) => contains(r.name, url.searchParams.get('name'))),
      url,
    );
  }),
];
