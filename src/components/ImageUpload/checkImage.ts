import { EDITOR_IMAGE_TYPES } from '@/components/RichTextEditor/uploadImage';

/** The server's default upload limit (UPLOAD_MAX_MB); it checks size and content again itself. */
const IMAGE_MAX_MB = 10;
export const IMAGE_ACCEPT = EDITOR_IMAGE_TYPES.join(',');
export const IMAGE_RULE_TEXT = `支持 JPG、PNG、GIF、WebP 格式，单张不超过${IMAGE_MAX_MB}MB`;

/** Why a picked file cannot be uploaded, or undefined when it may be sent. */
export function imageFileProblem(file: File): string | undefined {
  if (!EDITOR_IMAGE_TYPES.includes(file.type)) return `「${file.name}」不是支持的图片格式，只能上传 JPG、PNG、GIF 或 WebP`;
  if (file.size > IMAGE_MAX_MB * 1024 * 1024) return `「${file.name}」超过${IMAGE_MAX_MB}MB，请压缩后再上传`;
  if (file.size === 0) return `「${file.name}」是空文件`;
  return undefined;
}
