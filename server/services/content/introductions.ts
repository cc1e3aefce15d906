import { and, asc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type {
  CenterIntroduction,
  CenterIntroductionBody,
  VillageIntroduction,
  VillageIntroductionBody,
} from '../../../common/contracts/content';
import type { Db, DbOrTx } from '../../db/client';
import { areas, centreIntroduction, centreIntroductionImages, uploads, users, villageIntroductions } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import { plainField, plainText, sanitizeRichText } from '../../lib/sanitize';
import { listAreas } from '../system/areas';
import type { AuthUser } from '../accounts/sessions';
import { assertAttachableImages, imageRef, markUploadsUsed } from '../uploads/uploadRefs';
import { inScope, reachesTown, scopeCondition } from '../scope';

// The centre's introduction and one introduction per area (村情介绍). Who may change which:
// docs/decisions/0007-content-data-scope.md.

export const CENTRE_ID = 1;
const SUMMARY_LENGTH = 120;

/** What the seed writes until someone edits it: clearly a placeholder. */
export const CENTRE_PLACEHOLDER = {
  title: '镇综合治理中心简介',
  content: '<p>【待完善】中心介绍尚未填写。请在后台“介绍管理 › 中心介绍”中填写中心的职能、机构设置、办公地点和联系方式。</p>',
};
export const villagePlaceholder = (name: string) =>
  `<p>【待完善】${name}的村情介绍尚未填写。请在后台“介绍管理 › 村情介绍”中填写概况、人口、土地和特色产业等情况。</p>`;

/** Either placeholder above, as stored (the area may have been renamed since): one paragraph opening 【待完善】. */
const SEED_PLACEHOLDER = /^<p>【待完善】[^<]*<\/p>$/;
const isSeedPlaceholder = (html: string) => SEED_PLACEHOLDER.test(html.trim());

/**
 * What the public pages get: a placeholder is a note for the admin, so the public reads no text at
 * all and the page shows its own neutral empty state.
 */
export function forPublicCentre(centre: CenterIntroduction): CenterIntroduction {
  return isSeedPlaceholder(centre.content) ? { ...centre, content: '' } : centre;
}
export function forPublicVillage(village: VillageIntroduction): VillageIntroduction {
  return isSeedPlaceholder(village.content) ? { ...village, content: '', summary: '' } : village;
}

const NOT_ALL_SCOPE = '只有数据权限为“全部数据”的用户才能修改中心介绍';
const OTHER_AREA = '只能修改本村（社区）的介绍';

// ---- Centre ----

export async function getCentreIntroduction(db: DbOrTx): Promise<CenterIntroduction> {
  const [row] = await db
    .select({
      title: centreIntroduction.title,
      content: centreIntroduction.content,
      updatedAt: centreIntroduction.updatedAt,
      updatedByName: users.name,
    })
    .from(centreIntroduction)
    .leftJoin(users, eq(users.id, centreIntroduction.updatedById))
    .where(eq(centreIntroduction.id, CENTRE_ID));
  const images = await db
    .select({ id: uploads.id, storedName: uploads.storedName, width: uploads.width, height: uploads.height })
    .from(centreIntroductionImages)
    .innerJoin(uploads, eq(uploads.id, centreIntroductionImages.uploadId))
    .orderBy(asc(centreIntroductionImages.position));
  return {
    title: row?.title ?? CENTRE_PLACEHOLDER.title,
    content: row?.content ?? CENTRE_PLACEHOLDER.content,
    images: images.map((image) => imageRef(image)).filter((image) => image !== null),
    updatedAt: row?.updatedAt ? row.updatedAt.toISOString() : null,
    updatedByName: row?.updatedByName ?? null,
  };
}

export async function saveCentreIntroduction(db: Db, caller: AuthUser, body: CenterIntroductionBody): Promise<void> {
  // The centre's page speaks for the whole town: not for a manager limited to one area or their own records.
  if (!reachesTown(caller)) throw forbidden(NOT_ALL_SCOPE);
  const imageIds = body.imageIds ?? [];
  const attached = await db.select({ id: centreIntroductionImages.uploadId }).from(centreIntroductionImages);
  await assertAttachableImages(
    db,
    caller,
    imageIds,
    attached.map((a) => a.id),
    'imageIds',
    '图片',
  );
  const values = {
    title: plainField(body.title),
    content: sanitizeRichText(body.content),
    updatedAt: sql`now()`,
    updatedById: caller.id,
  };
  await markUploadsUsed(db, { ids: imageIds, html: values.content }, 'public');
  await db.transaction(async (tx) => {
    // The row's lock comes first: two saves at once run one after the other, so the second
    // replaces the first's pictures instead of colliding with them.
    await tx
      .insert(centreIntroduction)
      .values({ id: CENTRE_ID, ...values })
      .onConflictDoUpdate({ target: centreIntroduction.id, set: values });
    await tx.delete(centreIntroductionImages);
    if (imageIds.length) {
      await tx.insert(centreIntroductionImages).values(imageIds.map((uploadId, position) => ({ position, uploadId })));
    }
  });
}

// ---- Villages ----

const villageColumns = {
  area: areas.id,
  name: areas.name,
  content: villageIntroductions.content,
  coverId: uploads.id,
  coverName: uploads.storedName,
  coverWidth: uploads.width,
  coverHeight: uploads.height,
  population: villageIntroductions.population,
  households: villageIntroductions.households,
  landArea: villageIntroductions.landArea,
  partyMembers: villageIntroductions.partyMembers,
  leader: villageIntroductions.leader,
  phone: villageIntroductions.phone,
  updatedAt: villageIntroductions.updatedAt,
};

const selectVillages = (db: DbOrTx) =>
  db
    .select(villageColumns)
    .from(areas)
    .leftJoin(villageIntroductions, eq(villageIntroductions.area, areas.id))
    .leftJoin(uploads, eq(uploads.id, villageIntroductions.coverId));
type VillageRow = Awaited<ReturnType<typeof selectVillages>>[number];

function toVillage(row: VillageRow): VillageIntroduction {
  const content = row.content ?? '';
  return {
    area: row.area,
    name: row.name,
    summary: plainText(content, SUMMARY_LENGTH),
    content,
    cover: imageRef({ id: row.coverId, storedName: row.coverName, width: row.coverWidth, height: row.coverHeight }),
    population: row.population,
    households: row.households,
    landArea: row.landArea === null ? null : Number(row.landArea),
    partyMembers: row.partyMembers,
    leader: row.leader ?? '',
    phone: row.phone ?? '',
    updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

/**
 * Which areas' introductions a manager changes: every one for the town, their own for an area. An
 * introduction has no author of its own, so a reach of own rows changes none.
 */
function canWriteVillage(caller: AuthUser, area: number): boolean {
  return inScope(caller, { area, owner: null });
}

const villageScope = (caller: AuthUser): SQL | undefined => scopeCondition(caller, { area: areas.id, owner: [] });

/** Every active area in order (archived ones drop out, ADR 0050); for a manager, those they may change. */
export async function listVillageIntroductions(db: DbOrTx, caller?: AuthUser): Promise<VillageIntroduction[]> {
  const rows = await selectVillages(db)
    .where(and(isNull(areas.archivedAt), caller ? villageScope(caller) : undefined))
    .orderBy(asc(areas.sortOrder), asc(areas.id));
  return rows.map(toVillage);
}

export async function villageIntroductionOrFail(db: DbOrTx, area: number): Promise<VillageIntroduction> {
  const [row] = await selectVillages(db).where(eq(areas.id, area));
  if (!row) throw notFound('区域');
  return toVillage(row);
}

/** 403 unless the caller may rename or describe this area. */
function assertVillageWritable(caller: AuthUser, area: number) {
  if (!canWriteVillage(caller, area)) throw forbidden(OTHER_AREA);
}

/** Two areas with one name would be told apart by nobody. */
async function assertAreaNameFree(db: DbOrTx, area: number, name: string) {
  const [taken] = await db
    .select({ id: areas.id })
    .from(areas)
    .where(and(eq(areas.name, name), ne(areas.id, area)));
  if (taken) throw conflict(`名称“${name}”已被其他村（社区）使用`, 'name', '名称');
}

/** Saves the area's introduction and its display name (areas.name) together. */
export async function saveVillageIntroduction(db: Db, caller: AuthUser, area: number, body: VillageIntroductionBody): Promise<void> {
  assertVillageWritable(caller, area);
  const [current] = await db
    .select({ id: areas.id, coverId: villageIntroductions.coverId })
    .from(areas)
    .leftJoin(villageIntroductions, eq(villageIntroductions.area, areas.id))
    .where(eq(areas.id, area));
  if (!current) throw notFound('区域');
  const name = plainField(body.name);
  await assertAreaNameFree(db, area, name);
  if (body.coverId !== null) {
    await assertAttachableImages(db, caller, [body.coverId], [current.coverId], 'coverId', '封面图');
  }
  const values = {
    content: sanitizeRichText(body.content),
    coverId: body.coverId,
    population: body.population,
    households: body.households,
    landArea: body.landArea,
    partyMembers: body.partyMembers,
    leader: plainField(body.leader),
    phone: plainField(body.phone),
    updatedAt: sql`now()`,
    updatedById: caller.id,
  };
  await markUploadsUsed(db, { ids: [body.coverId], html: values.content }, 'public');
  await db.transaction(async (tx) => {
    await tx
      .update(areas)
      .set({ name, updatedAt: sql`now()` })
      .where(eq(areas.id, area));
    await tx
      .insert(villageIntroductions)
      .values({ area, ...values })
      .onConflictDoUpdate({ target: villageIntroductions.area, set: values });
  });
}

/** Renames an area, with the same rules as the village introduction form, which also renames it. */
export async function renameArea(db: DbOrTx, caller: AuthUser, id: number, rawName: string) {
  assertVillageWritable(caller, id);
  const name = rawName.trim();
  await assertAreaNameFree(db, id, name);
  const [row] = await db
    .update(areas)
    .set({ name, updatedAt: sql`now()` })
    .where(eq(areas.id, id))
    .returning({ id: areas.id });
  if (!row) throw notFound('区域');
  const [renamed] = await listAreas(db, id);
  return renamed;
}
