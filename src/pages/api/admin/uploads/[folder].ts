import type { APIRoute } from 'astro';
import { MAX_UPLOAD_BYTES, UPLOAD_FOLDERS, type UploadFolder } from '~/lib/schemas/admin';
import { storeUpload } from '~/server/assets/uploads';
import { services } from '~/server/app';
import { requireUser } from '~/server/auth/locals';
import { AppError, notFound } from '~/server/shared/errors';
import { handle, json, methodNotAllowed, readBytes } from '~/server/routes/http';

export const prerender = false;

/**
 * Upload an image for an avatar (`/api/admin/uploads/avatars`) or a tournament
 * (`/api/admin/uploads/tournament`): the file itself is the body, its name in `?name=`.
 */
export const POST: APIRoute = ({ locals, params, request, url }) =>
  handle(async () => {
    const app = await services();
    const actor = requireUser(locals);
    const folder = params.folder as UploadFolder;
    if (!UPLOAD_FOLDERS.includes(folder))
      throw notFound('Images can be uploaded to /api/admin/uploads/avatars or /api/admin/uploads/tournament.');
    if (/^(multipart\/|application\/(json|x-www-form-urlencoded))/i.test(request.headers.get('content-type') ?? '')) {
      throw new AppError(415, 'Send the image file itself as the request body (not a form or JSON).');
    }
    const bytes = await readBytes(request, MAX_UPLOAD_BYTES, 'Images can be at most 2 MB.');
    return json(
      await storeUpload(app.db, app.config.dataDir, actor, folder, bytes, url.searchParams.get('name') ?? 'image'),
      201,
    );
  });

export const ALL = methodNotAllowed('POST');
