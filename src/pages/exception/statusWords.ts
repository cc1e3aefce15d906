import { MESSAGES } from '@common/constants';

/** antd Result's picture for a status: its illustration where it has one, else an icon. */
type ExceptionPicture = '403' | '404' | '500' | 'warning' | 'error';

interface StatusWords {
  /** The page's heading. */
  title: string;
  /** What happened, when the link carries no errorMessage of its own. */
  text: string;
  /** What the person can do about it. */
  advice: string;
  picture: ExceptionPicture;
}

const serverFault = (title: string, text: string): StatusWords => ({
  title,
  text,
  advice: '请稍后再试；如果问题持续出现，请联系系统管理员。',
  picture: '500',
});

/** The exception page's words for each status it may be sent with (its errorCode, docs/product.md §14). */
export const STATUS_WORDS: Record<number, StatusWords> = {
  400: {
    title: '请求有误',
    text: '提交的内容不符合要求，服务器无法处理。',
    advice: '请返回上一页检查填写的内容后重试。',
    picture: 'warning',
  },
  401: {
    title: '登录已失效',
    text: '您还没有登录，或登录已过期。',
    advice: '请重新登录后再继续操作。',
    picture: '403',
  },
  403: {
    title: '没有访问权限',
    text: '抱歉，您的账号没有执行此操作或查看此内容的权限。',
    advice: '如需开通，请联系系统管理员，或换一个账号登录。',
    picture: '403',
  },
  404: {
    title: '内容不存在',
    text: '抱歉，您要找的内容不存在，可能已被删除或链接有误。',
    advice: '请返回上一页刷新后重试，或从工作台重新进入。',
    picture: '404',
  },
  408: {
    title: '请求超时',
    text: '服务器长时间没有响应。',
    advice: '请检查网络连接后重试。',
    picture: 'warning',
  },
  409: {
    title: '数据已变化',
    text: '您操作的数据已被他人修改或处理。',
    advice: '请返回上一页刷新后，按最新的状态重新操作。',
    picture: 'warning',
  },
  429: {
    title: '操作过于频繁',
    text: '短时间内的请求太多，系统暂时拒绝了新的请求。',
    advice: '请稍等一分钟后再试。',
    picture: 'warning',
  },
  500: serverFault('服务器出错了', '服务器处理请求时发生了内部错误。'),
  502: serverFault('网关错误', '服务器的网关没有收到有效的响应。'),
  503: serverFault('服务暂时不可用', '服务器正在维护，或暂时无法连接数据库。'),
  504: serverFault('网关超时', '服务器的网关等待响应超时。'),
};

/** Words for a code that has none of its own (a business code, or none at all). */
const GENERIC_WORDS: StatusWords = {
  title: '出错了',
  text: MESSAGES.requestError,
  advice: '请返回上一页重试；如果问题持续出现，请联系系统管理员。',
  picture: 'error',
};

export const wordsFor = (errorCode: string): StatusWords =>
  (/^\d{3}$/.test(errorCode) ? STATUS_WORDS[Number(errorCode)] : undefined) ?? GENERIC_WORDS;
