import type { APIRoute } from 'astro';
import { services } from '~/server/app';
import { assertLiveSession } from '~/server/auth/sessions';
import { notFound } from '~/server/shared/errors';
import { verifyGameToken } from '~/server/games/tokens';
import { handle, json, methodNotAllowed } from '~/server/routes/http';

export const prerender = false;

/** Developer aid, only under `astro dev` (a built server answers 404): is this game token valid, and whose is it? */
export const GET: APIRoute = ({ url }) =>
  handle(async () => {
    if (!import.meta.env.DEV) throw notFound('There is no API at /api/test/game-token-validation.');
    const app = await services();
    try {
      const claims = await verifyGameToken(app.config.secretKey, url.searchParams.get('token'));
      await assertLiveSession(app.db, claims.sessionRef, claims.userId);
      return json({
        valid: true,
        userId: claims.userId,
        username: claims.username,
        expiresAt: new Date(claims.expiresAt).toISOString(),
      });
    } catch (error) {
      return json({ valid: false, reason: (error as Error).message });
    }
  });

export const ALL = methodNotAllowed('GET');
