import sharp from 'sharp';

// Steps shared by the multi-process and nginx tests: plain HTTP against started servers.

export const json = async (res: Response) =>
  (await res.json()) as { code?: number; data?: any; message?: string; captchaRequired?: boolean };

export const login = (
  url: string,
  username: string,
  password: string,
  headers: Record<string, string> = {},
  captcha: { captchaId?: string; captcha?: string } = {},
) =>
  fetch(`${url}/api/login/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ username, password, ...captcha }),
  });

export const get = (url: string, path: string, token?: string, headers: Record<string, string> = {}) =>
  fetch(`${url}${path}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

export const pngImage = () =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

export async function upload(url: string, token: string, content: Buffer, name = 'photo.png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type: 'image/png' }), name);
  return fetch(`${url}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}

/** Creates a villager account through the API and returns its name. */
export async function createUser(url: string, adminToken: string, account: string, password: string) {
  const roles = await json(await get(url, '/api/roles?pageSize=100', adminToken));
  const roleId = (roles.data.list as Array<{ id: number; code: string }>).find((r) => r.code !== 'admin')?.id;
  const res = await fetch(`${url}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ account, name: '测试用户', phone: '13811112222', password, roleId, area: 2, groupIds: [] }),
  });
  if (res.status !== 200) throw new Error(`create user failed: ${res.status} ${await res.text()}`);
  return account;
}
