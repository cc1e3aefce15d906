import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CenterIntroduction, VillageIntroduction } from '../../common/contracts/content';
import { INTRODUCTION_IMAGES_MAX } from '../../common/constants';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { createNews, publicCentre, publicVillage, saveCentre, saveVillage, villageBody } from '../../tests/helpers/content';
import { createAccount, expectError, expectOk, uploadImages } from '../../tests/helpers/tasks';

let t: TestContext;
let admin: string;
let staff: string;
let staff2: string;

before(async () => {
  t = await createTestContext();
  [admin, staff, staff2] = await Promise.all([t.login('admin'), t.login('staff01'), t.login('staff02')]);
});
after(async () => {
  await t.close();
});

const get = (token: string | undefined, url: string) => t.call(token, { method: 'GET', url });

describe('a database without demo content', () => {
  test('keeps clearly marked placeholders for the admin and shows the public no text at all', async () => {
    const bare = await createTestContext({ demo: false });
    try {
      const admin = await bare.login('admin');
      const staffCentre = expectOk(await bare.call(admin, { method: 'GET', url: '/api/introductions/center' })) as CenterIntroduction;
      assert.match(staffCentre.content, /^<p>【待完善】/);
      const centre = expectOk(await bare.call(undefined, { method: 'GET', url: '/api/public/introductions/center' })) as CenterIntroduction;
      assert.equal(centre.title, '镇综合治理中心简介');
      assert.deepEqual([centre.content, centre.images, centre.updatedAt, centre.updatedByName], ['', [], null, null]);

      const staffVillages = expectOk(
        await bare.call(admin, { method: 'GET', url: '/api/introductions/villages' }),
      ) as VillageIntroduction[];
      assert.ok(staffVillages.every((v) => v.content.startsWith(`<p>【待完善】${v.name}的村情介绍尚未填写`)));
      const villages = expectOk(
        await bare.call(undefined, { method: 'GET', url: '/api/public/introductions/villages' }),
      ) as VillageIntroduction[];
      assert.deepEqual(
        villages.map((v) => v.area),
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      );
      assert.equal(villages[0].name, '镇社区');
      assert.ok(villages.every((v) => v.content === '' && v.summary === ''));
      assert.ok(villages.every((v) => v.population === null && v.cover === null && v.leader === '' && v.updatedAt === null));
      const one = expectOk(
        await bare.call(undefined, { method: 'GET', url: '/api/public/introductions/villages/5' }),
      ) as VillageIntroduction;
      assert.deepEqual([one.content, one.summary], ['', '']);
      assert.deepEqual(expectOk(await bare.call(undefined, { method: 'GET', url: '/api/public/org-units' })), []);
      assert.equal(expectOk(await bare.call(undefined, { method: 'GET', url: '/api/public/news' })).total, 0);
    } finally {
      await bare.close();
    }
  });
});

describe('the centre introduction', () => {
  test('the demo has a real one with pictures, the same for staff and for the public', async () => {
    const shown = await publicCentre(t);
    assert.equal(shown.title, '镇综合治理中心简介');
    assert.doesNotMatch(shown.content, /待完善/);
    assert.equal(shown.images.length, 3);
    assert.deepEqual(expectOk(await get(staff, '/api/introductions/center')), shown);
  });

  test('saving: trimmed title, sanitised content, pictures in the order given, who saved it', async () => {
    const mine = await uploadImages(t, staff, 3);
    const saved = expectOk(
      await saveCentre(t, staff, {
        title: '  中心简介（新）  ',
        content: '<h3>概况</h3><p style="position:fixed" onclick="x()">正文<script>alert(1)</script></p>',
        imageIds: [mine[2], mine[0], mine[1]],
      }),
    ) as CenterIntroduction;
    assert.equal(saved.title, '中心简介（新）');
    assert.equal(saved.content, '<h3>概况</h3><p>正文</p>');
    assert.deepEqual(
      saved.images.map((i) => i.id),
      [mine[2], mine[0], mine[1]],
    );
    assert.ok(saved.images.every((i) => /^\/api\/uploads\/[0-9a-f-]{36}\.png$/.test(i.url)));
    assert.equal(saved.updatedByName, '李晓燕');
    assert.ok(saved.updatedAt);
    assert.deepEqual(await publicCentre(t), saved);

    // A colleague keeps the pictures already there and may reorder or drop them, but adds only their own.
    const kept = expectOk(await saveCentre(t, staff2, { imageIds: [mine[1], mine[2]] })) as CenterIntroduction;
    assert.deepEqual(
      kept.images.map((i) => i.id),
      [mine[1], mine[2]],
    );
    assert.equal(kept.updatedByName, '王建国');
    expectError(await saveCentre(t, staff2, { imageIds: [mine[0]] }), 400, '图片：图片不存在或不是您本人上传的，请重新上传', 'imageIds');
    const [theirs] = await uploadImages(t, staff2, 1);
    expectOk(await saveCentre(t, staff2, { imageIds: [theirs] }));
  });

  test('two saves at once: one after the other, never a mix or an error', async () => {
    const [a, b] = [await uploadImages(t, staff, 2), await uploadImages(t, staff, 3)];
    const results = await Promise.all([
      saveCentre(t, staff, { title: '甲', imageIds: a }),
      saveCentre(t, staff, { title: '乙', imageIds: b }),
    ]);
    assert.deepEqual(
      results.map((r) => r.statusCode),
      [200, 200],
    );
    const final = await publicCentre(t);
    const expected = final.title === '甲' ? a : b;
    assert.deepEqual(
      final.images.map((i) => i.id),
      expected,
    );
  });

  test('bad input is a 400 naming the field', async () => {
    const many = await uploadImages(t, staff, INTRODUCTION_IMAGES_MAX + 1);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: ' ' }, 'title'],
      [{ title: '长'.repeat(101) }, 'title'],
      [{ imageIds: many }, 'imageIds'],
      [{ imageIds: [many[0], many[0]] }, 'imageIds'],
      [{ imageIds: [0] }, 'imageIds'],
      [{ imageIds: [999999] }, 'imageIds'],
      [{ content: 'x'.repeat(200_001) }, 'content'],
    ];
    for (const [overrides, field] of cases) {
      expectError(await saveCentre(t, staff, overrides), 400, undefined, field);
    }
  });
});

describe('village introductions', () => {
  test('twelve areas in order, each with a name, summary and figures', async () => {
    const villages = expectOk(await get(staff, '/api/introductions/villages')) as VillageIntroduction[];
    assert.deepEqual(
      villages.map((v) => v.area),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    );
    // The public list is the same, except that an untouched placeholder is no text at all.
    const untouched = villages.filter((v) => v.content.startsWith('<p>【待完善】'));
    assert.ok(untouched.length > 0);
    assert.deepEqual(
      expectOk(await get(undefined, '/api/public/introductions/villages')),
      villages.map((v) => (untouched.includes(v) ? { ...v, content: '', summary: '' } : v)),
    );
    const withFigures = villages.filter((v) => v.population !== null);
    assert.ok(withFigures.length >= 5);
    for (const village of withFigures) {
      assert.ok(village.households && village.landArea && village.partyMembers && village.leader && village.phone, village.name);
      assert.ok(village.cover);
      assert.ok(village.summary.length > 0 && !village.summary.includes('<'));
    }
    assert.deepEqual(await publicVillage(t, 2), villages[1]);
    expectError(await get(undefined, '/api/public/introductions/villages/40000'), 400, undefined, 'area');
    expectError(await get(undefined, '/api/public/introductions/villages/0'), 400, undefined, 'area');
  });

  test('saving renames the area everywhere and keeps the figures; land area to one decimal', async () => {
    const [cover] = await uploadImages(t, staff, 1);
    const saved = expectOk(
      await saveVillage(t, staff, 7, {
        name: '  桃花村  ',
        content: '<p onmouseover="x()">桃花村以桃树种植闻名。</p><iframe src="https://evil.com"></iframe>',
        coverId: cover,
        population: 1888,
        households: 520,
        landArea: 4321.26,
        partyMembers: 39,
        leader: ' 李桃 ',
        phone: '0731-8456 0007',
      }),
    ) as VillageIntroduction;
    assert.deepEqual(
      { ...saved, updatedAt: 'set', cover: saved.cover?.id },
      {
        area: 7,
        name: '桃花村',
        summary: '桃花村以桃树种植闻名。',
        content: '<p>桃花村以桃树种植闻名。</p>',
        cover,
        population: 1888,
        households: 520,
        landArea: 4321.3,
        partyMembers: 39,
        leader: '李桃',
        phone: '0731-8456 0007',
        updatedAt: 'set',
      },
    );
    assert.deepEqual(await publicVillage(t, 7), saved);
    const areas = expectOk(await get(undefined, '/api/areas')) as Array<{ id: number; name: string }>;
    assert.equal(areas[6].name, '桃花村');
    // News of the area carry its new name.
    assert.equal((await createNews(t, staff, { area: 7 })).areaName, '桃花村');

    // Unknown figures may be left empty.
    const blank = expectOk(
      await saveVillage(t, staff, 7, {
        name: '桃花村',
        population: null,
        households: null,
        landArea: null,
        partyMembers: null,
        leader: '',
        phone: '',
        coverId: null,
      }),
    ) as VillageIntroduction;
    assert.deepEqual([blank.population, blank.landArea, blank.cover, blank.phone], [null, null, null, '']);
  });

  test('two areas cannot share a name (409 naming it); bad input is a 400 naming the field', async () => {
    expectError(await saveVillage(t, staff, 8, { name: '第一村' }), 409, '名称“第一村”已被其他村（社区）使用', 'name');
    expectError(await t.call(staff, { method: 'PUT', url: '/api/areas/8', payload: { name: '第一村' } }), 409, undefined, 'name');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: ' ' }, 'name'],
      [{ name: '长'.repeat(31) }, 'name'],
      [{ population: -1 }, 'population'],
      [{ households: 1.5 }, 'households'],
      [{ partyMembers: '很多' }, 'partyMembers'],
      [{ landArea: -0.5 }, 'landArea'],
      [{ landArea: 10_000_001 }, 'landArea'],
      [{ phone: '请拨打12345' }, 'phone'],
      [{ leader: '长'.repeat(31) }, 'leader'],
      [{ coverId: 0 }, 'coverId'],
      [{ coverId: 999999 }, 'coverId'],
    ];
    for (const [overrides, field] of cases) {
      expectError(await saveVillage(t, staff, 8, overrides), 400, undefined, field);
    }
    expectError(await saveVillage(t, staff, 40000), 400, undefined, 'area');
    const body: Record<string, unknown> = villageBody();
    delete body.name;
    expectError(await t.call(staff, { method: 'PUT', url: '/api/introductions/villages/8', payload: body }), 400, '名称：不能为空', 'name');
  });
});

describe('data scope', () => {
  let clerk: string;
  let selfClerk: string;

  before(async () => {
    const role = expectOk(
      await t.call(admin, {
        method: 'POST',
        url: '/api/roles',
        payload: { name: '村介绍管理员', code: 'area_intro_admin', permissions: ['introduction'], dataScope: 'area' },
      }),
    );
    clerk = (await createAccount(t, admin, { account: 'introclerk04', roleId: role.id, area: 4 })).token;
    const selfRole = expectOk(
      await t.call(admin, {
        method: 'POST',
        url: '/api/roles',
        payload: { name: '介绍编辑', code: 'self_intro_admin', permissions: ['introduction'], dataScope: 'self' },
      }),
    );
    selfClerk = (await createAccount(t, admin, { account: 'introself05', roleId: selfRole.id, area: 5 })).token;
  });

  test('an area clerk lists and changes their own area only, and never the centre', async () => {
    const mine = expectOk(await get(clerk, '/api/introductions/villages')) as VillageIntroduction[];
    assert.deepEqual(
      mine.map((v) => v.area),
      [4],
    );
    expectOk(await saveVillage(t, clerk, 4, { name: '第三村' }));
    expectError(await saveVillage(t, clerk, 5, { name: '第四村' }), 403, '只能修改本村（社区）的介绍');
    expectError(
      await t.call(clerk, { method: 'PUT', url: '/api/areas/5', payload: { name: '越权改名' } }),
      403,
      '只能修改本村（社区）的介绍',
    );
    expectOk(await t.call(clerk, { method: 'PUT', url: '/api/areas/4', payload: { name: '第三村' } }));
    // Reading the centre's page is fine; changing it speaks for the whole town.
    expectOk(await get(clerk, '/api/introductions/center'));
    expectError(await saveCentre(t, clerk), 403, '只有数据权限为“全部数据”的用户才能修改中心介绍');
  });

  test("a self-scoped clerk reaches only their own rows, and an introduction is nobody's: none, not even their own area's", async () => {
    const mine = expectOk(await get(selfClerk, '/api/introductions/villages')) as VillageIntroduction[];
    assert.deepEqual(mine, []);
    expectError(await saveVillage(t, selfClerk, 5, { name: '第四村' }), 403);
    expectError(await saveVillage(t, selfClerk, 4, { name: '第三村' }), 403);
    expectError(await saveCentre(t, selfClerk), 403);
  });
});
