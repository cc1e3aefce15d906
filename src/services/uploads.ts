import type { UploadResult } from '@common/contracts/system';
import { BizError } from '@/utils/requestConfig';
import { postForm, type UploadOptions } from '@/utils/upload';

/** POST /api/uploads (multipart, field `file`): the stored image. */
export async function uploadImage(file: Blob, fileName: string, options?: UploadOptions): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, fileName);
  const body = await postForm<UploadResult>('/uploads', form, options);
  if (!body.data?.url) throw new BizError({ errorCode: body.code, body });
  return body.data;
}
