/** The draft store (ADR 0030) against a fake IndexedDB, and without any. */
import { keptDraft, useFreshDrafts } from '@mock/drafts';
import {
  DRAFT_DAYS,
  type Draft,
  draftId,
  forgetAccountDrafts,
  readDraft,
  removeAccountDrafts,
  resetDraftsConnection,
  restorablePhotos,
  writeDraft,
} from './drafts';

useFreshDrafts();

const upload = (id: number) => ({ id, url: `/api/uploads/u${id}.jpg`, width: 800, height: 600, size: 2048 });
const draft = (over: Partial<Draft> = {}): Draft => ({
  fields: { title: '路灯不亮' },
  photos: [],
  clientKey: 'k'.repeat(32),
  savedAt: Date.now(),
  ...over,
});

test('a draft is kept per form, account and record', async () => {
  await writeDraft(draftId('appeal', 7), draft());
  await writeDraft(draftId('submission', 7, 11), draft({ fields: { text: '已清理' } }));
  expect((await readDraft(draftId('appeal', 7)))?.fields).toEqual({ title: '路灯不亮' });
  expect((await readDraft(draftId('submission', 7, 11)))?.fields).toEqual({ text: '已清理' });
  expect(await readDraft(draftId('submission', 7, 12))).toBeUndefined();
  expect(await readDraft(draftId('appeal', 8))).toBeUndefined();
});

test(`a draft older than ${DRAFT_DAYS} days is gone, and deleted when read`, async () => {
  const day = 24 * 60 * 60 * 1000;
  await writeDraft(draftId('appeal', 7), draft({ savedAt: Date.now() - DRAFT_DAYS * day - 1000 }));
  await writeDraft(draftId('shot', 7), draft({ savedAt: Date.now() - (DRAFT_DAYS - 1) * day }));
  expect(await readDraft(draftId('appeal', 7))).toBeUndefined();
  expect(await readDraft(draftId('shot', 7))).toBeDefined();
});

test("signing out removes that account's drafts only (7 is not a prefix of 70)", async () => {
  await writeDraft(draftId('appeal', 7), draft());
  await writeDraft(draftId('submission', 7, 3), draft());
  await writeDraft(draftId('appeal', 70), draft());
  await removeAccountDrafts(7);
  expect(await readDraft(draftId('appeal', 7))).toBeUndefined();
  expect(await readDraft(draftId('submission', 7, 3))).toBeUndefined();
  await keptDraft(draftId('appeal', 70));
});

test('where pictures cannot be stored, the draft is kept without them', async () => {
  const picture = { notCloneable: () => undefined } as unknown as Blob; // a function cannot be cloned
  await writeDraft(
    draftId('appeal', 7),
    draft({
      photos: [
        { upload: upload(5), uploadedAt: Date.now(), blob: picture, name: 'a.jpg' },
        { blob: picture, name: 'b.jpg' },
      ],
    }),
  );
  const kept = await keptDraft(draftId('appeal', 7));
  expect(kept.photos).toEqual([{ upload: upload(5), uploadedAt: expect.any(Number), name: 'a.jpg' }]);
});

test('an upload older than 20 hours comes back as its picture to upload again; one with nothing is dropped', () => {
  const now = Date.now();
  const blob = new Blob(['x']);
  const hour = 60 * 60 * 1000;
  const back = restorablePhotos(
    [
      { upload: upload(1), uploadedAt: now - hour, blob, name: 'fresh.jpg' },
      { upload: upload(2), uploadedAt: now - 21 * hour, blob, name: 'old.jpg' },
      { upload: upload(3), uploadedAt: now - 21 * hour, name: 'lost.jpg' },
      { blob, name: 'pending.jpg' },
    ],
    now,
  );
  expect(back.map((p) => [p.name, p.upload?.id])).toEqual([
    ['fresh.jpg', 1],
    ['old.jpg', undefined],
    ['pending.jpg', undefined],
  ]);
});

test('without IndexedDB (private mode, an old browser) nothing fails and nothing is kept', async () => {
  const saved = globalThis.indexedDB;
  delete (globalThis as { indexedDB?: unknown }).indexedDB;
  resetDraftsConnection();
  try {
    await expect(writeDraft(draftId('appeal', 7), draft())).resolves.toBeUndefined();
    await expect(readDraft(draftId('appeal', 7))).resolves.toBeUndefined();
    await expect(forgetAccountDrafts(7)).resolves.toBeUndefined();
  } finally {
    globalThis.indexedDB = saved;
  }
});

test('an IndexedDB that refuses to open (private mode) is the same as none', async () => {
  const refusing = {
    open: () => {
      throw new DOMException('refused', 'SecurityError');
    },
  };
  (globalThis as { indexedDB: unknown }).indexedDB = refusing;
  resetDraftsConnection();
  await writeDraft(draftId('appeal', 7), draft());
  await expect(readDraft(draftId('appeal', 7))).resolves.toBeUndefined();
});
