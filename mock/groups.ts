/** /api/groups (server/routes/groups.ts): the list, filtered by name, for the user pages' choices. */
import { groups } from './fixtures';
import { admin, okPage } from './http';
import { contains } from './query';

export const groupHandlers = [
  admin.get('/groups', ({ request }) => {
    const url = new URL(request.url);
    return okPage(
      groups.filter((g) => contains(g.name, url.searchParams.get('name'))),
      url,
    );
  }),
];
