import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { imageResponse } from '~/server/assets/images';
import { handle, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/** A tournament image: an upload, else a built-in; long caching with an ETag. */
export const GET: APIRoute = ({ params, request }) =>
  handle(async () => {
    const app = await services();
    return imageResponse(app.config.dataDir, 'tournament', params.file, request.headers.get('if-none-match'));
  });

export const ALL = methodNotAllowed('GET');
