/**
 * Who signs in and the reference data every mock shares: the accounts (admin, a village cadre, a
 * villager) with their tokens, settings, areas, roles, groups and the user list's seed. Shapes
 * follow common/contracts; names and wording follow server/seed and server/routes.
 */
import { PERMISSION_KEYS, PLATFORM_TITLE, WHOLE_TOWNSHIP } from '@common/constants';
import type { CurrentUser } from '@common/contracts/auth';
import type { GroupItem } from '@common/contracts/groups';
import type { RoleItem } from '@common/contracts/roles';
import type { AreaItem, Settings } from '@common/contracts/system';
import type { UserItem } from '@common/contracts/users';

/** The token the mock server hands out for admin/Admin12345, and accepts afterwards. */
export const ADMIN_TOKEN = 'mock-token-admin';

/** Accounts that can sign in (account → password). `lisi` is still pending approval. */
export const PASSWORDS: Record<string, string> = {
  admin: 'Admin12345',
  lisi: 'Lisi12345',
};

export const settings: Settings = {
  platformTitle: PLATFORM_TITLE,
  centreName: '某镇综合治理中心',
  icpNumber: '京ICP备00000000号',
  appealDueDays: 3,
  callbackDays: 3,
  photoStaleDays: 30,
};

const VILLAGE_NAMES = ['第一村', '第二村', '第三村', '第四村', '第五村', '第六村', '第七村', '第八村', '第九村', '第十村', '第十一村'];
export const areas: AreaItem[] = ['镇社区', ...VILLAGE_NAMES].map((name, i) => ({
  id: i + 1,
  name,
  code: null,
  sortOrder: i + 1,
  active: true,
}));
export const areaName = (id: number | null) => (id == null ? null : (areas.find((a) => a.id === id)?.name ?? null));
/** An area's name as records show it: 全镇 for none (town-wide). */
export const areaLabel = (id: number | null) => (id == null ? WHOLE_TOWNSHIP : (areaName(id) ?? ''));

const created = '2024-03-01T08:00:00.000Z';

export const roles: RoleItem[] = [
  {
    id: 1,
    name: '超级管理员',
    code: 'admin',
    permissions: [...PERMISSION_KEYS],
    dataScope: 'all',
    builtIn: true,
    userCount: 1,
    createdAt: created,
  },
  {
    id: 2,
    name: '中心工作人员',
    code: 'staff',
    permissions: PERMISSION_KEYS.filter((k) => k !== 'userManage'),
    dataScope: 'all',
    builtIn: true,
    userCount: 1,
    createdAt: created,
  },
  { id: 3, name: '村干部/网格员', code: 'village', permissions: [], dataScope: 'area', builtIn: true, userCount: 1, createdAt: created },
  { id: 4, name: '村民', code: 'villager', permissions: [], dataScope: 'self', builtIn: true, userCount: 3, createdAt: created },
];

export const groups: GroupItem[] = [
  { id: 1, name: '网格员队伍', description: '各村网格员', memberCount: 1, createdAt: created },
  { id: 2, name: '志愿者', description: '', memberCount: 1, createdAt: created },
];

export const adminUser: CurrentUser = {
  id: 1,
  account: 'admin',
  name: '系统管理员',
  phone: '13800000000',
  access: 'admin',
  roleName: '超级管理员',
  permissions: [...PERMISSION_KEYS],
  dataScope: 'all',
  area: 1,
  areaName: '镇社区',
};

/** The phone's accounts: a village cadre (村干部) and a villager of area 2 (第一村). */
export const CADRE_TOKEN = 'mock-token-cadre';
export const VILLAGER_TOKEN = 'mock-token-villager';

export const cadreUser: CurrentUser = {
  id: 21,
  account: 'cadre02',
  name: '王村官',
  phone: '13900000021',
  access: 'village',
  roleName: '村干部/网格员',
  permissions: [],
  dataScope: 'area',
  area: 2,
  areaName: '第一村',
};

export const villagerUser: CurrentUser = {
  id: 22,
  account: 'villager02',
  name: '李村民',
  phone: '13900000022',
  access: 'villager',
  roleName: '村民',
  permissions: [],
  dataScope: 'self',
  area: 2,
  areaName: '第一村',
};

type UserSeed = Pick<UserItem, 'id' | 'account' | 'name' | 'phone' | 'roleId' | 'area' | 'status'> & {
  groupIds?: number[];
  createdAt: string;
  lastLoginAt?: string | null;
};

/** A user as the server lists it, filled in from its role, area and groups. */
export function userItem(seed: UserSeed): UserItem {
  const role = roles.find((r) => r.id === seed.roleId) ?? roles[3];
  const groupIds = seed.groupIds ?? [];
  return {
    id: seed.id,
    account: seed.account,
    name: seed.name,
    phone: seed.phone,
    roleId: role.id,
    roleName: role.name,
    roleCode: role.code,
    groupIds,
    groups: groups.filter((g) => groupIds.includes(g.id)).map((g) => ({ id: g.id, name: g.name })),
    area: seed.area,
    areaName: areaName(seed.area),
    status: seed.status,
    lastLoginAt: seed.lastLoginAt ?? null,
    createdAt: seed.createdAt,
  };
}

/** Six users: 2 pending (李四, 赵六), 1 disabled (王五), the rest active. Two names contain 张. */
export const initialUsers = (): UserItem[] => [
  userItem({
    id: 1,
    account: 'admin',
    name: '系统管理员',
    phone: '13800000000',
    roleId: 1,
    area: 1,
    status: 'active',
    createdAt: '2024-03-01T08:00:00.000Z',
    lastLoginAt: '2024-06-01T09:30:00.000Z',
  }),
  userItem({
    id: 2,
    account: 'zhangsan',
    name: '张三',
    phone: '13900000002',
    roleId: 2,
    area: null,
    status: 'active',
    groupIds: [2],
    createdAt: '2024-03-02T08:00:00.000Z',
  }),
  userItem({
    id: 3,
    account: 'lisi',
    name: '李四',
    phone: '13900000003',
    roleId: 4,
    area: 2,
    status: 'pending',
    createdAt: '2024-03-03T08:00:00.000Z',
  }),
  userItem({
    id: 4,
    account: 'wangwu',
    name: '王五',
    phone: '13900000004',
    roleId: 3,
    area: 3,
    status: 'disabled',
    groupIds: [1],
    createdAt: '2024-03-04T08:00:00.000Z',
  }),
  userItem({
    id: 5,
    account: 'zhaoliu',
    name: '赵六',
    phone: '13900000005',
    roleId: 4,
    area: 2,
    status: 'pending',
    createdAt: '2024-03-05T08:00:00.000Z',
  }),
  userItem({
    id: 6,
    account: 'zhangxm',
    name: '张小明',
    phone: '13900000006',
    roleId: 4,
    area: 4,
    status: 'active',
    createdAt: '2024-03-06T08:00:00.000Z',
  }),
];

/**
 * What the mock server "reads" from any uploaded import file (jsdom cannot build a real .xlsx):
 * two good rows, one with a phone too short and one repeating an existing account.
 */
export const importSheetRows = () => [
  { row: 2, account: 'import01', name: '钱一', phone: '13900000001', role: '村民', area: '第一村', groups: '志愿者' },
  { row: 3, account: 'import02', name: '钱二', phone: '139', role: '村民', area: '第一村', groups: '' },
  { row: 4, account: 'import03', name: '钱三', phone: '13900000003', role: '村干部/网格员', area: '第二村', groups: '' },
  { row: 5, account: 'zhangsan', name: '钱四', phone: '13900000004', role: '村民', area: '第一村', groups: '' },
];
