/**
 * /api/introductions (server/routes/introductions.ts) for the admin pages: the centre's
 * introduction and the villages', read and saved, on the records of mock/contentDb.ts.
 */
import type { CenterIntroductionBody, VillageIntroduction, VillageIntroductionBody } from '@common/contracts/content';
import { adminUser } from './fixtures';
import { contentDb, image } from './contentDb';
import { admin, apiError, invalid, ok } from './http';
import { blankTitle, titleRequired } from './news';

export const introductionHandlers = [
  admin.get('/introductions/center', () => ok(contentDb.center)),

  admin.put('/introductions/center', async ({ request }) => {
    const body = (await request.json()) as CenterIntroductionBody;
    if (blankTitle(body.title)) return titleRequired();
    contentDb.center = {
      title: body.title,
      content: body.content,
      images: body.imageIds.map(image),
      updatedAt: new Date().toISOString(),
      updatedByName: adminUser.name,
    };
    return ok(contentDb.center);
  }),

  admin.get('/introductions/villages', () => ok(contentDb.villages)),

  admin.put('/introductions/villages/:area', async ({ request, params }) => {
    const index = contentDb.villages.findIndex((v) => v.area === Number(params.area));
    if (index < 0) return apiError(404, '区域不存在');
    const { coverId, ...body } = (await request.json()) as VillageIntroductionBody;
    if (blankTitle(body.name)) return invalid([{ field: 'name', label: '名称', message: '不能为空' }]);
    if (contentDb.villages.some((v, i) => i !== index && v.name === body.name.trim())) {
      const message = `名称“${body.name.trim()}”已被其他村（社区）使用`;
      return apiError(409, message, [{ field: 'name', label: '名称', message }]);
    }
    const village: VillageIntroduction = {
      ...contentDb.villages[index],
      ...body,
      name: body.name.trim(),
      summary: body.content.replace(/<[^>]*>/g, '').slice(0, 120),
      cover: coverId ? image(coverId) : null,
      updatedAt: new Date().toISOString(),
    };
    contentDb.villages[index] = village;
    return ok(village);
  }),
];
