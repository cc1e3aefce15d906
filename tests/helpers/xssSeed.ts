// Puts the browser XSS vectors (xssVectors.ts) into every text field a page shows, through the API
// of a running server: many vectors per record where the field is long, one per record where it is
// short. Used by tests/e2e/xss.e2e.ts.
import sharp from 'sharp';
import { HIDDEN_CHARACTERS } from '../../common/textRules';
import { BROWSER_VECTORS, packVectors as pack, vectorsFitting } from './xssVectors';

export interface Api {
  base: string;
  call<T = any>(token: string | null, method: string, url: string, body?: unknown): Promise<T>;
  login(account: string, password: string): Promise<string>;
}

export function api(base: string): Api {
  const call = async (token: string | null, method: string, url: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${base}${url}`, { method, headers, body: payload });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${method} ${url} → ${res.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text).data;
  };
  return {
    base,
    call,
    async login(account, password) {
      return (await call(null, 'POST', '/api/login/account', { username: account, password })).token as string;
    },
  };
}

export interface Seeded {
  /** How many vectors went into each field (for the report). */
  fields: Record<string, { records: number; vectors: number }>;
  tokens: Record<'admin' | 'staff' | 'cadre' | 'villager', string>;
  ids: { task: number; news: number; appeal: number; repliedAppeal: number; photo: number; handledPhoto: number; area: number };
}

const inDays = (days: number) => new Date(Date.now() + days * 86400_000).toISOString();
/** Runs `fn` over `items`, `width` at a time. */
async function each<T>(items: T[], width: number, fn: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i], i);
      }
    }),
  );
}
/** The packed values for a field of `max` characters, noting how many vectors they carry. */
let lastFitting = 0;
const packVectors = (max: number) => {
  lastFitting = vectorsFitting(max);
  return pack(max);
};
/**
 * The packed values for a name or title field: these refuse hidden and direction characters (a 400
 * the server tests cover, common/textRules.ts), so here those characters are taken out and every other vector still goes in
 * (once: two vectors that differ only by them would make the same name).
 */
const HIDDEN = new RegExp(HIDDEN_CHARACTERS, 'gu');
// A joiner's match holds the character before it: that one stays.
const withoutHidden = (value: string) =>
  value.replace(HIDDEN, (match) => (match.length > 1 && match.endsWith('\u200D') ? match.slice(0, -1) : ''));
const packNames = (max: number) => [...new Set(packVectors(max).map(withoutHidden))];
/** Rich text: each vector as typed text in its own paragraph, and once more as raw HTML. */
const rich = (value: string) => `<p>${value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>${value}`;

export async function seedVectors(a: Api, passwords: { admin: string; demo: string }): Promise<Seeded> {
  const admin = await a.login('admin', passwords.admin);
  const staff = await a.login('staff01', passwords.demo);
  const cadre = await a.login('cadre02', passwords.demo);
  const villager = await a.login('villager02', passwords.demo);
  const fields: Seeded['fields'] = {};
  /** Notes the field's records; a slice of the packed values carries at most that many vectors. */
  const note = (field: string, values: string[], sliced = false) => {
    // A slice of short values: one vector (at least) each.
    fields[field] = { records: values.length, vectors: sliced ? values.length : Math.min(lastFitting, BROWSER_VECTORS.length) };
    return values;
  };
  const W = 4;

  // Settings and area names (shown on nearly every page).
  const settings = note('settings', packNames(64).slice(0, 3), true);
  await a.call(admin, 'PUT', '/api/settings', { platformTitle: settings[0], centreName: settings[1], icpNumber: settings[2] });
  const areaNames = note('area names', packNames(32).slice(3, 14), true);
  for (const [i, name] of areaNames.entries()) await a.call(staff, 'PUT', `/api/areas/${i + 2}`, { name });

  // Users, groups, roles.
  const roles = (await a.call(admin, 'GET', '/api/roles?pageSize=100')).list as Array<{ id: number; code: string }>;
  const villageRole = roles.find((r) => r.code === 'village')?.id as number;
  const names = note('user names', packNames(32));
  await each(names, W, async (name, i) => {
    await a.call(admin, 'POST', '/api/users', {
      account: `xss_user_${i}`,
      name,
      phone: `136${String(i).padStart(8, '0')}`,
      password: 'Xss12345a',
      roleId: villageRole,
      groupIds: [],
      area: 2,
    });
  });
  const groupNames = note('group names', packNames(32));
  const groupDescriptions = note('group descriptions', packVectors(200));
  await each(groupNames, W, async (name, i) => {
    await a.call(admin, 'POST', '/api/groups', { name, description: groupDescriptions[i] ?? '' });
  });
  await each(note('role names', packNames(32)), W, async (name, i) => {
    await a.call(admin, 'POST', '/api/roles', { name, code: `xss_role_${i}`, permissions: [], dataScope: 'self' });
  });
  const users = (await a.call(admin, 'GET', '/api/users?pageSize=100&account=cadre02')).list as Array<{ id: number; account: string }>;
  const cadreId = users.find((u) => u.account === 'cadre02')?.id as number;
  await each(note('score reasons', packVectors(200)), W, async (reason) => {
    await a.call(admin, 'POST', '/api/scores/adjust', { userId: cadreId, delta: 1, reason });
  });

  // Tasks (title, content), then a submission on each (text) and reviews (comment).
  const taskTitles = note('task titles', packNames(100));
  const taskContents = note('task contents', packVectors(2000).map(rich));
  const taskIds: number[] = [];
  await each(taskTitles, W, async (title, i) => {
    const task = await a.call(staff, 'POST', '/api/tasks', {
      title,
      category: 1 + (i % 15),
      content: taskContents[i % taskContents.length],
      template: '1',
      imageNum: 0,
      points: 1,
      areas: [2],
      groupIds: [],
      deadline: inDays(7),
    });
    await a.call(staff, 'POST', `/api/tasks/${task.id}/publish`);
    taskIds[i] = task.id;
  });
  const texts = note('submission texts', packVectors(2000));
  const submissionIds: number[] = [];
  await each(taskIds, W, async (taskId, i) => {
    const submission = await a.call(cadre, 'POST', `/api/tasks/${taskId}/submissions`, {
      text: texts[i % texts.length],
      clientKey: `xss-${i}-${Date.now().toString(36)}`,
    });
    submissionIds[i] = submission.id;
  });
  const comments = note('review comments', packVectors(500));
  await each(comments, W, async (comment, i) => {
    await a.call(staff, 'POST', `/api/submissions/${submissionIds[i]}/audit`, { result: i % 2 ? 'approved' : 'rejected', comment });
  });

  // News (title, summary, content), introductions, org units.
  const newsTitles = note('news titles', packNames(100));
  const summaries = note('news summaries', packVectors(300));
  const newsContents = note('news contents', packVectors(2000).map(rich));
  const newsIds: number[] = [];
  await each(newsTitles, W, async (title, i) => {
    const news = await a.call(staff, 'POST', '/api/news', {
      title,
      summary: summaries[i] ?? '',
      content: newsContents[i % newsContents.length],
      column: 1 + (i % 4),
      area: null,
      coverId: null,
      pinned: i < 3,
    });
    await a.call(staff, 'POST', `/api/news/${news.id}/publish`);
    newsIds[i] = news.id;
  });
  const introContent = note('introduction contents', [rich(packVectors(2000)[0])], true);
  await a.call(staff, 'PUT', '/api/introductions/center', {
    title: note('centre introduction title', packNames(100).slice(0, 1), true)[0],
    content: introContent[0],
    imageIds: [],
  });
  const leader = note('village leader', packNames(30).slice(20, 21), true)[0];
  await a.call(staff, 'PUT', '/api/introductions/villages/2', {
    name: areaNames[0],
    content: introContent[0],
    coverId: null,
    population: 1200,
    households: 350,
    landArea: 3600.5,
    partyMembers: 40,
    leader,
    phone: '0731-84560000',
  });
  const units = note('org unit names', packNames(50));
  const members = note('org unit members', packVectors(2000));
  const people = packNames(30);
  note('org unit leaders and positions', people);
  await each(units, W, async (name, i) => {
    await a.call(staff, 'POST', '/api/org-units', {
      name,
      parentId: null,
      leader: people[i % people.length],
      position: people[(i + 1) % people.length],
      phone: '',
      sort: i,
      members: members[i % members.length],
    });
  });

  // Appeals (title, content), replies and rejections.
  const appealTitles = note('appeal titles', packNames(50));
  const appealContents = note('appeal contents', packVectors(2000));
  const appealIds: number[] = [];
  await each(appealTitles, W, async (title, i) => {
    const appeal = await a.call(villager, 'POST', '/api/appeals', {
      title,
      content: appealContents[i % appealContents.length],
      category: 1,
      area: 2,
      phone: '13900000202',
      imageIds: [],
      clientKey: `xss-appeal-${i}-${Date.now().toString(36)}`,
    });
    appealIds[i] = appeal.id;
  });
  const replies = note('appeal replies', packVectors(2000));
  const reasons = note('appeal rejection reasons', packVectors(500));
  await each(
    replies.map((_, i) => i),
    W,
    async (i) => {
      await a.call(staff, 'POST', `/api/appeals/${appealIds[i]}/accept`);
      await a.call(staff, 'POST', `/api/appeals/${appealIds[i]}/reply`, { reply: replies[i] });
    },
  );
  await each(reasons, W, async (reason, i) => {
    await a.call(staff, 'POST', `/api/appeals/${appealIds[replies.length + i]}/reject`, { reason });
  });

  // Photo reports (description, location), results and invalid reasons.
  const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#4a7' } })
    .png()
    .toBuffer();
  const locations = note('photo report locations', packNames(100));
  const descriptions = note('photo report descriptions', packVectors(1000));
  const photoIds: number[] = [];
  // One account may have only one photo waiting to be decoded (ADR 0041): its uploads take turns.
  let previousUpload: Promise<unknown> = Promise.resolve();
  await each(locations, W, async (location, i) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'photo.png');
    const turn = previousUpload.then(() => a.call(villager, 'POST', '/api/uploads', form));
    previousUpload = turn.catch(() => undefined);
    const upload = await turn;
    const report = await a.call(villager, 'POST', '/api/photo-reports', {
      description: descriptions[i % descriptions.length],
      type: 1 + (i % 4),
      area: 2,
      imageIds: [upload.id],
      location,
      lat: null,
      lng: null,
      clientKey: `xss-photo-${i}-${Date.now().toString(36)}`,
    });
    photoIds[i] = report.id;
  });
  const results = note('photo report results', packVectors(1000));
  const invalid = note('photo report invalid reasons', packVectors(500));
  await each(results, W, async (result, i) => {
    await a.call(staff, 'POST', `/api/photo-reports/${photoIds[i]}/handle`, { result, imageIds: [] });
  });
  await each(invalid, W, async (reason, i) => {
    await a.call(staff, 'POST', `/api/photo-reports/${photoIds[results.length + i]}/invalid`, { reason });
  });

  // Opinions (title, summary).
  const opinionTitles = note('opinion titles', packNames(100));
  const opinionSummaries = note('opinion summaries', packVectors(1000));
  await each(opinionTitles, W, async (title, i) => {
    await a.call(staff, 'POST', '/api/opinions', {
      source: 1 + (i % 3),
      title,
      summary: opinionSummaries[i % opinionSummaries.length],
      // The link must be http(s) without spaces: still room for an attribute breaker.
      link: i % 2 ? `https://example.cn/"><img/src=x/onerror=__xss=1>` : `https://example.cn/'onmouseover='__xss=1'`,
      sentiment: (['positive', 'neutral', 'negative'] as const)[i % 3],
      level: 1 + (i % 3),
      area: 2,
    });
  });

  return {
    fields,
    tokens: { admin, staff, cadre, villager },
    ids: {
      task: taskIds[0],
      news: newsIds[0],
      appeal: appealIds[appealIds.length - 1],
      repliedAppeal: appealIds[0],
      photo: photoIds[photoIds.length - 1],
      handledPhoto: photoIds[0],
      area: 2,
    },
  };
}
