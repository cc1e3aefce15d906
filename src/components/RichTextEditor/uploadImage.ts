import { uploadImage } from '@/services/uploads';
import { apiErrorMessage, apiErrorStatus } from '@/utils/apiError';
import { showMessage } from '@/utils/feedback';

/** wangEditor's insert callback: puts an image at the cursor. */
type InsertImage = (src: string, alt: string, href: string) => void;

/** The formats the server accepts (server/lib/images.ts sniffs the content as well). */
export const EDITOR_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/**
 * The editor's customUpload: uploads one picked or pasted image and inserts it where the cursor is.
 * Resolves true when inserted; on failure says why in a message and inserts nothing (an expired
 * session has already signed out, with its own message).
 */
export async function uploadAndInsertImage(file: File, insert: InsertImage): Promise<boolean> {
  if (file.type && !EDITOR_IMAGE_TYPES.includes(file.type)) {
    showMessage('error', '图片上传失败：只能上传 JPG、PNG、GIF 或 WebP 格式的图片');
    return false;
  }
  try {
    const image = await uploadImage(file, file.name);
    const alt = file.name.replace(/\.[^.]+$/, '');
    insert(image.url, alt, '');
    return true;
  } catch (error) {
    if (apiErrorStatus(error) !== 401) showMessage('error', `图片上传失败：${apiErrorMessage(error)}`);
    return false;
  }
}
