import type { PostPhoto } from '@saathi/contracts';
import { readFileAsDataUrl } from '../lib/read-file';
import { api } from './api-client';
import { uploadPostPhotoRoute } from './routes';

/**
 * Sends one photo for a post about to be written; the server checks the bytes, strips the
 * metadata and answers its id, which the create-post call then names in `photoIds`.
 */
export async function uploadPostPhoto(file: Blob): Promise<PostPhoto> {
  return api.call(uploadPostPhotoRoute, { body: { imageData: await readFileAsDataUrl(file) } });
}
