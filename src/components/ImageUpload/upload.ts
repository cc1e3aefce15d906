import type { ImageRef } from '@common/contracts/tasks';
import { uploadImage } from '@/services/uploads';
import { apiErrorMessage, apiErrorStatus } from '@/utils/apiError';
import { showMessage } from '@/utils/feedback';
import { imageFileProblem } from './checkImage';

/**
 * Checks one picked file and sends it to POST /api/uploads. Resolves to the stored image, or to
 * undefined after saying why not (a refused file, the server's refusal, a network failure). An
 * expired session has already signed out.
 */
export async function uploadPickedImage(file: File, what: string): Promise<ImageRef | undefined> {
  const problem = imageFileProblem(file);
  if (problem) {
    showMessage('error', `${what}上传失败：${problem}`);
    return undefined;
  }
  try {
    const { id, url, width, height } = await uploadImage(file, file.name);
    return { id, url, width, height };
  } catch (error) {
    if (apiErrorStatus(error) !== 401) showMessage('error', `${what}上传失败：${apiErrorMessage(error)}`);
    return undefined;
  }
}
