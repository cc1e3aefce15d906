import { Value } from '@sinclair/typebox/value';
import ExcelJS from 'exceljs';
import { asc, inArray, sql } from 'drizzle-orm';
import {
  ACCOUNT_PATTERN,
  PHONE_PATTERN,
  RULE_MESSAGES,
  USER_IMPORT_HEADERS,
  USER_IMPORT_MAX_ROWS,
  WHOLE_TOWNSHIP,
} from '../../../common/constants';
import { HIDDEN_CHARACTERS_MESSAGE, hasHiddenCharacters } from '../../../common/textRules';
import { UserImportFields, type UserImportRow } from '../../../common/contracts/users';
import type { Db, DbOrTx } from '../../db/client';
import { groups, roles, userGroups, users } from '../../db/schema';
import { badRequest, conflict, isUniqueViolation } from '../../errors';
import { hashPassword } from '../../lib/passwords';
import { cellText, cellValue } from '../../lib/xlsx';
import { assertPasswordAllowedFor } from './passwordPolicy';
import type { AuthUser } from './sessions';
import { areaForRoleRefusal, areaRefusal, roleRefusal } from './users';
import { listAreas } from '../system/areas';

const FILE_LABEL = '文件';
const SHEET = '用户';
/** Group names in one cell: the template says 、; commas typed by habit are read the same. */
const GROUP_SEPARATORS = /[、,，;；]/;
/** Uncompressed, the parts of a 2 MB sheet stay far below this; beyond it the file is a zip bomb. */
const MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;
const PERSON_NAME_MAX = 32;

const fileError = (message: string) => badRequest('file', FILE_LABEL, message);

/** The uploaded file and the text fields sent with it. */
export interface ImportUpload {
  content: Buffer;
  filename: string;
  fields: Record<string, string>;
}

/**
 * The sum of the uncompressed sizes the zip's central directory declares, or undefined when the
 * bytes are no zip archive (an .xlsx is one).
 */
function declaredUnzippedSize(buffer: Buffer): number | undefined {
  if (buffer.length < 22 || buffer.readUInt32LE(0) !== 0x04034b50) return undefined;
  let eocd = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 22 - 65535); i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const count = buffer.readUInt16LE(eocd + 10);
  let at = buffer.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== 0x02014b50) return undefined;
    total += buffer.readUInt32LE(at + 24);
    at += 46 + buffer.readUInt16LE(at + 28) + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
  }
  return total;
}

/** A row of the sheet as typed, every cell as its displayed text. */
interface RawImportRow {
  row: number;
  account: string;
  name: string;
  phone: string;
  role: string;
  area: string;
  groups: string;
}

/** The filled rows of an uploaded template, checked by name, content and size before and after parsing. */
async function parseUserSheet(upload: ImportUpload): Promise<RawImportRow[]> {
  const named = upload.filename ? `「${upload.filename}」` : '';
  const notXlsx = () => fileError(`${named}不是 Excel 文件，请下载模板填写后上传 .xlsx 文件`);
  if (!upload.content.length) throw fileError(`${named}是空文件`);
  if (!/\.xlsx$/i.test(upload.filename)) throw notXlsx();
  const unzipped = declaredUnzippedSize(upload.content);
  if (unzipped === undefined) throw notXlsx();
  if (unzipped > MAX_UNZIPPED_BYTES) throw fileError(`${named}内容过大，无法读取`);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(upload.content as unknown as ArrayBuffer);
  } catch {
    throw notXlsx();
  }
  const sheet = workbook.getWorksheet(SHEET) ?? workbook.worksheets[0];
  if (!sheet) throw notXlsx();
  const header = USER_IMPORT_HEADERS.map((_, i) =>
    sheet
      .getRow(1)
      .getCell(i + 1)
      .text.trim(),
  );
  if (header.some((text, i) => text !== USER_IMPORT_HEADERS[i])) {
    throw fileError(`${named}不是用户导入模板：第1行应依次为${USER_IMPORT_HEADERS.join('、')}，请下载模板填写`);
  }
  const rows: RawImportRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    // A name the template quoted (an area called "=…") is read as the name itself.
    const cells = USER_IMPORT_HEADERS.map((_, i) =>
      cellText(
        sheet
          .getRow(r)
          .getCell(i + 1)
          .text.trim(),
      ),
    );
    if (cells.every((text) => !text)) continue;
    if (rows.length === USER_IMPORT_MAX_ROWS) throw fileError(`一次最多导入${USER_IMPORT_MAX_ROWS}个用户，请分成几个文件`);
    const [account, name, phone, role, area, groupNames] = cells;
    rows.push({ row: r, account, name, phone, role, area, groups: groupNames });
  }
  if (!rows.length) throw fileError(`${named}中没有用户，请在模板第2行起填写`);
  return rows;
}

/** A row ready to insert, resolved to ids. */
interface ResolvedImportRow {
  account: string;
  name: string;
  phone: string;
  roleId: number;
  area: number | null;
  groupIds: number[];
}

const accountPattern = new RegExp(ACCOUNT_PATTERN);
const phonePattern = new RegExp(PHONE_PATTERN);

/** Areas the caller may put users in, by name: all for the township, their own for a village. */
async function assignableAreas(db: DbOrTx, caller: AuthUser) {
  // Active ones only, in their order: an archived village takes no new accounts (ADR 0050).
  const all = await listAreas(db);
  return all.filter((a) => a.active && areaRefusal(caller, a.id) === null);
}

/** What the template's 填写说明 sheet lists: the roles and areas this caller may use. */
async function importChoices(db: DbOrTx, caller: AuthUser) {
  const allRoles = await db.select().from(roles).orderBy(asc(roles.id));
  return {
    roles: allRoles.filter((role) => roleRefusal(caller, role) === null).map((role) => role.name),
    areas: [...(areaRefusal(caller, null) === null ? [WHOLE_TOWNSHIP] : []), ...(await assignableAreas(db, caller)).map((a) => a.name)],
  };
}

/**
 * Every row checked with the rules of creating one user (POST /api/users): the contract's patterns
 * and lengths, an account free in the database and in the file (case-insensitively, as the unique
 * index), a role the caller may hand out, an area in the caller's scope and fitting the role, groups
 * that exist.
 */
async function validateImportRows(db: DbOrTx, caller: AuthUser, raw: RawImportRow[]) {
  const allRoles = await db.select().from(roles);
  const allAreas = await listAreas(db);
  const groupNames = [...new Set(raw.flatMap((r) => splitGroups(r.groups)))];
  const knownGroups = groupNames.length
    ? await db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.name, groupNames))
    : [];
  const lowered = [...new Set(raw.map((r) => r.account.toLowerCase()).filter(Boolean))];
  const taken = new Set(
    lowered.length
      ? (
          await db
            .select({ key: sql<string>`lower(${users.account})` })
            .from(users)
            .where(inArray(sql`lower(${users.account})`, lowered))
        ).map((u) => u.key)
      : [],
  );
  const firstRowOf = new Map<string, number>();
  for (const r of raw) if (r.account && !firstRowOf.has(r.account.toLowerCase())) firstRowOf.set(r.account.toLowerCase(), r.row);

  const rows: UserImportRow[] = [];
  const resolved = new Map<number, ResolvedImportRow>();
  for (const r of raw) {
    const errors: UserImportRow['errors'] = [];
    const fail = (field: string, message: string) => errors.push({ field, message });
    const key = r.account.toLowerCase();
    if (!r.account) fail('account', '请填写账号');
    else if (!accountPattern.test(r.account)) fail('account', RULE_MESSAGES.account);
    else if (taken.has(key)) fail('account', '该账号已存在');
    else if (firstRowOf.get(key) !== r.row) fail('account', `与第${firstRowOf.get(key)}行的账号重复`);
    if (!r.name) fail('name', '请填写姓名');
    else if ([...r.name].length > PERSON_NAME_MAX) fail('name', `姓名不能超过${PERSON_NAME_MAX}个字`);
    else if (hasHiddenCharacters(r.name)) fail('name', HIDDEN_CHARACTERS_MESSAGE);
    if (!r.phone) fail('phone', '请填写手机号');
    else if (!phonePattern.test(r.phone)) fail('phone', RULE_MESSAGES.phone);

    let area: number | null | undefined;
    if (!r.area || r.area === WHOLE_TOWNSHIP) area = null;
    else {
      const village = allAreas.find((a) => a.name === r.area);
      area = village?.active ? village.id : undefined;
      if (!village) fail('area', `没有名为“${r.area}”的村（社区）`);
      else if (!village.active) fail('area', `“${r.area}”已归档，不能再选择`);
    }
    const areaProblem = area === undefined ? null : areaRefusal(caller, area);
    if (areaProblem) fail('area', areaProblem);

    const named = allRoles.filter((role) => role.name === r.role);
    const role = named.length === 1 ? named[0] : undefined;
    if (!r.role) fail('role', '请填写角色');
    else if (named.length > 1) fail('role', `有多个名为“${r.role}”的角色，请先在角色管理中改名`);
    else if (!role) fail('role', `没有名为“${r.role}”的角色`);
    else {
      const refusal = roleRefusal(caller, role);
      if (refusal) fail('role', refusal);
      else if (area !== undefined && !areaProblem) {
        const placeProblem = areaForRoleRefusal(role, area);
        if (placeProblem) fail('area', placeProblem);
      }
    }

    const groupIds: number[] = [];
    for (const groupName of splitGroups(r.groups)) {
      const group = knownGroups.find((g) => g.name === groupName);
      if (group) groupIds.push(group.id);
      else fail('groups', `没有名为“${groupName}”的分组`);
    }

    rows.push({ ...r, errors });
    if (!errors.length && role && area !== undefined) {
      resolved.set(r.row, { account: r.account, name: r.name, phone: r.phone, roleId: role.id, area, groupIds: [...new Set(groupIds)] });
    }
  }
  const invalid = rows.filter((r) => r.errors.length).length;
  return { rows, valid: rows.length - invalid, invalid, resolved };
}

function splitGroups(cell: string): string[] {
  return cell
    .split(GROUP_SEPARATORS)
    .map((name) => name.trim())
    .filter(Boolean);
}

/** The template: the 用户 sheet with its header and one example row, and a 填写说明 sheet for this caller. */
export async function importTemplate(db: DbOrTx, caller: AuthUser): Promise<Buffer> {
  const choices = await importChoices(db, caller);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SHEET);
  const widths = [16, 12, 16, 16, 18, 24];
  sheet.columns = USER_IMPORT_HEADERS.map((header, i) => ({ header, key: String(i), width: widths[i] }));
  sheet.getRow(1).font = { bold: true };
  // Typed as text so a phone number keeps its digits and an account its leading zeros.
  for (let c = 1; c <= USER_IMPORT_HEADERS.length; c++) sheet.getColumn(c).numFmt = '@';
  // Role and area names are typed by administrators: quoted like every exported cell (ADR 0039).
  sheet.addRow(['zhangsan01', '张三', '13800000000', choices.roles[0] ?? '', choices.areas[0] ?? '', ''].map(cellValue));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  const help = workbook.addWorksheet('填写说明');
  help.columns = [
    { header: '项目', key: 'item', width: 14 },
    { header: '说明', key: 'text', width: 80 },
  ];
  help.getRow(1).font = { bold: true };
  const lines: Array<[string, string]> = [
    ['账号', `${RULE_MESSAGES.account}，不能与已有账号或本表其他行重复（不区分大小写）`],
    ['姓名', `必填，不超过${PERSON_NAME_MAX}个字`],
    ['手机号', RULE_MESSAGES.phone],
    ['角色', `必填，填写下列角色名称之一：${choices.roles.join('、') || '（无可分配的角色）'}`],
    ['所属区域', `填写下列名称之一：${choices.areas.join('、') || '（无）'}；村干部、村民等角色必须填写所属村（社区）`],
    ['分组', '可不填；多个分组用“、”分隔，须为系统中已有的分组名称'],
    ['行数', `从第2行起每行一个用户，一次最多${USER_IMPORT_MAX_ROWS}行，文件不超过2MB；示例行请改写或删除`],
    ['初始密码', '导入时统一设置，用户首次登录须修改密码'],
  ];
  for (const [item, text] of lines) help.addRow({ item, text: cellValue(text) });
  help.getColumn(2).alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Every row of the file with its errors, nothing written. */
export async function previewImport(db: DbOrTx, caller: AuthUser, upload: ImportUpload) {
  const { resolved: _resolved, ...preview } = await validateImportRows(db, caller, await parseUserSheet(upload));
  return preview;
}

/**
 * Creates every valid row's account in one transaction, all with one initial password to be changed
 * at first sign-in. Rows with errors refuse the whole file unless the form asks to skip them.
 */
export async function importUsers(db: Db, caller: AuthUser, upload: ImportUpload) {
  const fields = { password: upload.fields.password ?? '', skipInvalid: upload.fields.skipInvalid === 'true' };
  if (!Value.Check(UserImportFields, fields)) throw badRequest('password', '初始密码', RULE_MESSAGES.password);
  // One password for every row: the person-specific parts of the rule cannot apply.
  await assertPasswordAllowedFor(db, fields.password, 'password', '初始密码', {});
  const checked = await validateImportRows(db, caller, await parseUserSheet(upload));
  const bad = checked.rows.filter((r) => r.errors.length);
  if (bad.length && !fields.skipInvalid) {
    const listed = bad
      .slice(0, 10)
      .map((r) => `第${r.row}行`)
      .join('、');
    throw badRequest('file', '文件', `${listed}${bad.length > 10 ? `等${bad.length}行` : ''}有误，请改正后重新上传，或选择跳过有误的行`);
  }
  const toInsert = [...checked.resolved.values()];
  if (!toInsert.length) throw badRequest('file', '文件', '没有可导入的行');
  // One hash for every account: each costs about 0.3 s, and everyone must replace it at first sign-in.
  const passwordHash = await hashPassword(fields.password);
  try {
    await db.transaction(async (tx) => {
      const created = await tx
        .insert(users)
        .values(
          toInsert.map((u) => ({
            account: u.account,
            name: u.name.trim(),
            phone: u.phone,
            passwordHash,
            roleId: u.roleId,
            area: u.area,
            status: 'active' as const,
            mustChangePassword: true,
          })),
        )
        .returning({ id: users.id, account: users.account });
      const idOf = new Map(created.map((c) => [c.account, c.id]));
      const memberships = toInsert.flatMap((u) => u.groupIds.map((groupId) => ({ userId: idOf.get(u.account) as number, groupId })));
      if (memberships.length) await tx.insert(userGroups).values(memberships);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('导入期间有账号被他人占用，未导入任何用户，请重新预览后再导入', 'file', '文件');
    throw error;
  }
  return { accounts: toInsert.map((u) => u.account), skippedRows: bad.map((r) => r.row) };
}
