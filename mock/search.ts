/**
 * GET /api/search (server/routes/search.ts) over a few records of each kind: every term of the
 * query must occur in a record's title or snippet, marked as the server marks them
 * (common/contracts/search.ts markTerms). Tests replace it to show loading and failures.
 */
import { markTerms, searchTerms, type SearchGroup, type SearchHit, type SearchKind } from '@common/contracts/search';
import { ok, route } from './http';

type Record = Omit<SearchHit, 'titleMarks' | 'snippetMarks'>;

const at = '2024-05-20T01:00:00.000Z';
const searchRecords: Record[] = [
  {
    kind: 'appeal',
    id: 31,
    title: '村道路面坑洼不平',
    snippet: '村民反映东头道路积水严重，希望尽快处理。',
    meta: '第一村 · 待受理',
    createdAt: at,
  },
  { kind: 'appeal', id: 32, title: '路灯损坏夜间出行不便', snippet: '村口路灯坏了好几天。', meta: '第二村 · 处理中', createdAt: at },
  { kind: 'photoReport', id: 41, title: '桥头道路积水成片', snippet: '第一村桥头', meta: '第一村 · 待处理', createdAt: at },
  { kind: 'task', id: 51, title: '道路积水排查', snippet: ' 各村排查 积水 点位 ', meta: '进行中', createdAt: at },
  { kind: 'news', id: 61, title: '镇里部署汛期工作', snippet: ' 集中整治道路积水问题 ', meta: '工作动态 · 已发布', createdAt: at },
  { kind: 'user', id: 71, title: '李晓燕', snippet: 'staff01 13900000001', meta: '全镇 · 正常', createdAt: at },
];

const KINDS: SearchKind[] = ['appeal', 'photoReport', 'task', 'news', 'user'];

export function searchAnswer(q: string): { groups: SearchGroup[] } {
  const terms = searchTerms(q);
  const holds = (r: Record) => terms.every((term) => `${r.title} ${r.snippet}`.toLowerCase().includes(term.toLowerCase()));
  return {
    groups: KINDS.map((kind) => ({
      kind,
      more: false,
      hits: searchRecords
        .filter((r) => r.kind === kind && holds(r))
        .map((r) => ({ ...r, titleMarks: markTerms(r.title, terms), snippetMarks: markTerms(r.snippet, terms) })),
    })),
  };
}

export const searchHandlers = [route.get('/search', ({ request }) => ok(searchAnswer(new URL(request.url).searchParams.get('q') ?? '')))];
